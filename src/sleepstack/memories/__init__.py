"""Memory verbs by id (``get``, ``get_all``, ``update``, ``delete``, ``history``).

The surface people who come from mem0 reach for, over sleepstack's own
layers: facts and notes, each with an id, metadata (``category``,
``source``, ``tags``) and a history. Reads are :mod:`.read`; writes go
through the validator and the audit in :mod:`.write`; the shapes are in
:mod:`.model`. :class:`sleepstack.Memory` delegates here.
"""

from .model import MemoryEvent, MemoryFilter, MemoryItem, MemoryKind, note_id, parse_id
from .read import get, get_all, history
from .write import DEFAULT_REASON, delete, update

__all__ = [
    "DEFAULT_REASON",
    "MemoryEvent",
    "MemoryFilter",
    "MemoryItem",
    "MemoryKind",
    "delete",
    "get",
    "get_all",
    "history",
    "note_id",
    "parse_id",
    "update",
]
