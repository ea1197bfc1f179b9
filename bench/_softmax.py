"""The softmax regression the small shipped heads are trained with (ending head, slot head).

Deterministic: class-balanced (each class weighs the same in total), L2 on the
weights, full-batch gradient descent from zeros, no random numbers; so the same
examples always give the same weights and the same pinned digest.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

F32 = npt.NDArray[np.float32]
I64 = npt.NDArray[np.int64]


def fit_softmax(x: F32, y: I64, k: int, *, steps: int, lr: float, l2: float
                ) -> tuple[F32, F32]:
    """Weights (k x d) and bias (k) of a softmax regression of labels *y* (0..k-1) on *x*."""
    n, d = x.shape
    counts = np.maximum(np.bincount(y, minlength=k).astype(np.float64), 1.0)
    sw = (n / (k * counts))[y]  # each class weighs the same in total
    onehot = np.eye(k)[y]
    w = np.zeros((k, d))
    b = np.zeros(k)
    xd = x.astype(np.float64)
    for _ in range(steps):
        z = xd @ w.T + b
        z -= z.max(axis=1, keepdims=True)
        p = np.exp(z)
        p /= p.sum(axis=1, keepdims=True)
        g = (p - onehot) * sw[:, None] / n
        w -= lr * (g.T @ xd + l2 * w)
        b -= lr * g.sum(axis=0)
    return w.astype(np.float32), b.astype(np.float32)
