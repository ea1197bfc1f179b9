"""Server commands: ``serve`` (HTTP API), ``mcp`` (MCP server) and ``token``.

Thin: argument parsing and wiring only; the servers live in
:mod:`sleepstack.server`. Server imports are deferred so that the rest of the
CLI works without the optional ``server`` dependencies installed.
"""

from __future__ import annotations

import argparse
import ipaddress
import os
from typing import Any

from ..errors import PolicyError, UsageError
from .invocation import Invocation

__all__ = ["register"]


def register(sub: Any, common: argparse.ArgumentParser) -> None:
    """Add ``serve``, ``mcp`` and ``token``."""
    p = sub.add_parser("serve", parents=[common],
                       help="run the HTTP API (OpenAPI at /openapi.json)")
    p.add_argument("--host", default="127.0.0.1",
                   help="bind address (default 127.0.0.1; others need at least one token)")
    p.add_argument("--port", type=int, default=8765)
    p.add_argument("--workers", type=int, default=1, help="uvicorn worker processes")
    p.add_argument("--rate", type=float, default=50.0,
                   help="requests per second per token, per worker (0: unlimited)")
    p.add_argument("--burst", type=int, default=100, help="token-bucket burst size")
    p.add_argument("--max-body", type=int, default=2 << 20, help="max request body bytes")
    p.add_argument("--max-depth", type=int, default=32, help="max JSON nesting depth")
    p.add_argument("--timeout", type=float, default=30.0, help="per-request timeout (s)")
    p.add_argument("--llm", default=None, help="LLM spec for /v1/ask (default: the store's)")
    p.add_argument("--access-log", action="store_true", help="log every request to stderr")
    p.add_argument("--tls-cert", default=None, help="serve HTTPS with this PEM certificate")
    p.add_argument("--tls-key", default=None, help="the PEM private key of --tls-cert")
    p.set_defaults(func=_serve)

    p = sub.add_parser("mcp", parents=[common], help="run the MCP server (stdio or HTTP)")
    p.add_argument("--transport", choices=["stdio", "http"], default="stdio")
    who = p.add_mutually_exclusive_group(required=True)
    who.add_argument("--user", help="serve this user's memory (trusted local configuration)")
    who.add_argument("--token", help="serve the memory of this token's user, with its scope")
    # Over HTTP every request must also carry a bearer token of the bound user.
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=int, default=8766)
    p.set_defaults(func=_mcp)

    p = sub.add_parser("token", parents=[common], help="bearer tokens for the servers")
    tsub = p.add_subparsers(dest="token_command", metavar="create|list|revoke", required=True,
                            parser_class=type(p))
    c = tsub.add_parser("create", parents=[common], help="create a token (printed once)")
    c.add_argument("--user", default=None, help="the user the token is bound to")
    c.add_argument("--scope", choices=["read", "write", "admin"], default=None,
                   help="what the user-bound token may do (default read)")
    c.add_argument("--operator", action="store_true",
                   help="a token for store-wide operations (sleep, undo, audit, reports, the "
                        "review queue), bound to no user and reading no user's memory")
    c.add_argument("--name", default=None, help="a label (default <user>-<scope>)")
    c.set_defaults(func=_token_create)
    ls = tsub.add_parser("list", parents=[common], help="list tokens (never their secrets)")
    ls.set_defaults(func=_token_list)
    r = tsub.add_parser("revoke", parents=[common], help="revoke a token by id")
    r.add_argument("id")
    r.set_defaults(func=_token_revoke)


def _is_loopback(host: str) -> bool:
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _serve(args: argparse.Namespace, ctx: Invocation) -> int:
    import uvicorn

    from ..server.access_tokens import TokenStore
    from ..server.http import ServerSettings

    mem = ctx.memory()  # a missing store fails here, exit 3
    if not _is_loopback(args.host) and not TokenStore(mem.store).has_active():
        # Off loopback, the only thing between the network and the memory is
        # a token check; with no token at all, that check can pass nobody but
        # an operator who has not thought about exposure yet.
        raise PolicyError(f"refusing to bind {args.host} with no token: run "
                          "`sleepstack token create --user U` first", host=args.host)
    if args.workers < 1 or not 0 < args.port < 65536:
        raise UsageError("--workers must be >= 1 and --port in 1..65535")
    if (args.tls_cert is None) != (args.tls_key is None):
        raise UsageError("--tls-cert and --tls-key go together")
    for f in (args.tls_cert, args.tls_key):
        if f is not None and not os.path.isfile(f):
            raise UsageError(f"no such file: {f}", path=f)
    settings = ServerSettings(home=mem.home, max_body_bytes=args.max_body,
                              max_json_depth=args.max_depth, rate=args.rate, burst=args.burst,
                              timeout_s=args.timeout, llm=args.llm)
    # Workers are separate processes that rebuild the app from the environment.
    os.environ.update(settings.to_env())
    scheme = "https" if args.tls_cert else "http"
    ctx.note(f"sleepstack: serving {mem.home} on {scheme}://{args.host}:{args.port} "
             f"({args.workers} worker{'s' if args.workers > 1 else ''})")
    uvicorn.run("sleepstack.server.http:app_from_env", factory=True, host=args.host,
                port=args.port, workers=args.workers, log_level="warning",
                access_log=args.access_log, server_header=False,
                timeout_keep_alive=30, limit_concurrency=512,
                ssl_certfile=args.tls_cert, ssl_keyfile=args.tls_key)
    return 0


def _mcp(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..server.mcp import run_mcp

    run_mcp(ctx.memory().home, transport=args.transport, user=args.user, token=args.token,
            host=args.host, port=args.port)
    return 0


def _token_create(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..server.access_tokens import TokenStore

    if args.operator:
        if args.user is not None or args.scope is not None:
            raise UsageError("--operator takes neither --user nor --scope: an operator "
                             "token is bound to no user")
        scope = "operator"
    elif args.user is None:
        raise UsageError("token create needs --user U (or --operator)")
    else:
        scope = args.scope or "read"
    record, token = TokenStore(ctx.memory().store).create(args.user, scope, name=args.name)
    if not ctx.as_json:
        whom = f"for {record.user}" if record.user else "(operator, no user)"
        ctx.note(f"created {record.scope} token {record.id} {whom}; "
                 "it is shown only this once")
    ctx.emit({**record.public(), "token": token}, token)
    return 0


def _token_list(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..server.access_tokens import TokenStore

    records = TokenStore(ctx.memory().store).records()

    def human() -> None:
        for r in records:
            state = f"revoked {r.revoked}" if r.revoked else "active"
            print(f"{r.id}\t{r.user}\t{r.scope}\t{r.name}\t{r.created}\t{state}")

    ctx.emit({"tokens": [r.public() for r in records]}, human)
    return 0


def _token_revoke(args: argparse.Namespace, ctx: Invocation) -> int:
    from ..server.access_tokens import TokenStore

    record = TokenStore(ctx.memory().store).revoke(args.id)
    ctx.emit(record.public(), f"revoked {record.id} ({record.user}, {record.scope})")
    return 0


