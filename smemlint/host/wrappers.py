"""Launches through a launch wrapper: a host function that launches a kernel it receives as a
parameter (`template <class K, class... A> void launch(K k, dim3 g, dim3 b, A... a) { k<<<g, b>>>(a...); }`,
ggml's `ggml_cuda_kernel_launch`). A wrapper is found by what its body does, not by its name: a
`<<<>>>` whose callee is one of its parameters. Each call of it that passes a `__global__` function
is a launch of that kernel, at the call, with the wrapper's grid, block, shared bytes and kernel
arguments read from the call's arguments (where the wrapper passes its own parameters on) or from
the wrapper's body (constants).
"""
from __future__ import annotations

from dataclasses import dataclass

import clang.cindex as ci

from ..cursors.nodes import MAX_WALK, children, has_attribute, subtree

K = ci.CursorKind
_CALL = K.CALL_EXPR.value
_CASTS = (K.UNEXPOSED_EXPR, K.PAREN_EXPR, K.CSTYLE_CAST_EXPR, K.CXX_STATIC_CAST_EXPR,
          K.CXX_REINTERPRET_CAST_EXPR, K.CXX_FUNCTIONAL_CAST_EXPR)


@dataclass(frozen=True)
class Forwarded:
    """One launch in a wrapper's body, in terms of the wrapper's parameters: each part is ("param", i)
    (the wrapper's i-th parameter), ("pack", i) (its parameters from i on: `args...`), or
    ("here", cursor) (an expression of the wrapper's own)."""

    kernel: int  # the parameter the launched kernel comes in
    config: tuple[tuple, ...]  # grid, block, shared bytes (what the wrapper writes in <<<>>>)
    args: tuple[tuple, ...]


def _strip(c: ci.Cursor) -> ci.Cursor:
    """Casts, copies (`dim3(block)` as a dependent argument is a copy constructor call) and `&`."""
    while c.kind in _CASTS or (c.kind == K.UNARY_OPERATOR and _is_address_of(c)) or \
            (c.kind == K.CALL_EXPR and _is_copy(c)):
        inner = [x for x in children(c) if x.kind.is_expression()]
        if len(inner) != 1:
            break
        c = inner[0]
    return c


def _is_copy(c: ci.Cursor) -> bool:
    """`dim3(block)` made of one value of its own type (in a template, libclang lists no arguments
    of a constructor call: its one child is read instead)."""
    inner = [x for x in children(c) if x.kind.is_expression()]
    try:
        def name(t: ci.Type) -> str:
            return t.get_canonical().spelling.removeprefix("const ").removeprefix("volatile ")
        return len(inner) == 1 and name(inner[0].type) == name(c.type)
    except Exception:  # noqa: BLE001
        return False


def _is_address_of(c: ci.Cursor) -> bool:
    toks = [t.spelling for t in c.get_tokens()]
    return bool(toks) and toks[0] == "&"


def kernel_of(arg: ci.Cursor) -> ci.Cursor | None:
    """The `__global__` function an argument names (`k`, `&k`, `k<T, 4>`), or None."""
    ref = _strip(arg)
    if ref.kind not in (K.DECL_REF_EXPR, K.OVERLOADED_DECL_REF):
        return None
    fn = ref.referenced
    if fn is None or fn.kind not in (K.FUNCTION_DECL, K.FUNCTION_TEMPLATE):
        return None
    template = fn.specialized_template if fn.kind == K.FUNCTION_DECL and fn.get_num_template_arguments() > 0 else None
    defn = (template or fn).get_definition() or template or fn
    return fn if has_attribute(defn, K.CUDAGLOBAL_ATTR) else None


def _definition(callee: ci.Cursor) -> ci.Cursor | None:
    """The body a call runs: the definition of the function, or of the template it instantiates."""
    template = callee.specialized_template if callee.kind == K.FUNCTION_DECL and \
        callee.get_num_template_arguments() > 0 else None
    defn = (template or callee).get_definition()
    if defn is None and template is not None:
        defn = template if template.is_definition() else None
    return defn


def _part(c: ci.Cursor | None, params: dict[str, int]) -> tuple:
    if c is None:
        return ("here", None)
    s = _strip(c)
    if s.kind == K.PACK_EXPANSION_EXPR:
        inner = [x for x in children(s) if x.kind.is_expression()]
        s = _strip(inner[0]) if len(inner) == 1 else s
        ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
        if ref is not None and ref.kind == K.PARM_DECL and ref.spelling in params:
            return ("pack", params[ref.spelling])
    ref = s.referenced if s.kind == K.DECL_REF_EXPR else None
    if ref is not None and ref.kind == K.PARM_DECL and ref.spelling in params:
        return ("param", params[ref.spelling])
    return ("here", c)


def forwarded_launches(defn: ci.Cursor, config_calls: frozenset[str] | set[str]) -> list[Forwarded]:
    """The launches in `defn`'s body whose kernel is one of its parameters."""
    params = {p.spelling: i for i, p in enumerate(x for x in children(defn) if x.kind == K.PARM_DECL)
              if p.spelling}
    tree = subtree(defn, MAX_WALK) if params else None
    if tree is None:
        return []
    out = []
    for c in tree[0]:
        if c._kind_id != _CALL:
            continue
        kids = children(c)
        config = next((g for g in kids if g._kind_id == _CALL and g.spelling in config_calls), None)
        if config is None or not kids:
            continue
        callee = _part(kids[0], params)
        if callee[0] != "param":
            continue
        cargs = list(config.get_arguments())
        written = [x for x in kids[1:] if x.kind.is_expression() and x != config]
        out.append(Forwarded(callee[1], tuple(_part(cargs[i] if i < len(cargs) else None, params) for i in range(3)),
                             tuple(_part(a, params) for a in written)))
    return out


def resolve(part: tuple, call_args: list[ci.Cursor]) -> list[ci.Cursor | None]:
    """The cursors a wrapper's part stands for at one call (a pack: several)."""
    kind, value = part
    if kind == "param":
        return [call_args[value] if value < len(call_args) else None]
    if kind == "pack":
        return list(call_args[value:])
    return [value]


class WrapperIndex:
    """Which functions are launch wrappers, each looked at once per file."""

    def __init__(self, config_calls: frozenset[str] | set[str]):
        self.config_calls = config_calls
        self._seen: dict[str, list[Forwarded]] = {}

    def launches_of(self, call: ci.Cursor, variable=None) -> list[tuple[ci.Cursor, Forwarded, dict]]:
        """(kernel, the wrapper's launch, values that select it) for each launch a call of a wrapper
        makes: for calls that pass a `__global__` function to a wrapper's kernel parameter, or a
        variable `variable(arg)` says holds kernels ([(kernel, bindings)]: ggml's `fattn_kernel =
        flash_attn_ext_f16<...>;` in each branch, then `launch_fattn(ctx, dst, fattn_kernel, ...)`)."""
        try:
            ref = call.referenced
            defn = _definition(ref) if ref is not None else None
            if defn is None:
                return []
            key = defn.get_usr() or f"{defn.location.file}:{defn.location.line}"
            found = self._seen.get(key)
            if found is None:
                found = self._seen[key] = forwarded_launches(defn, self.config_calls)
            if not found:  # not a wrapper: its arguments need no look (most calls of a file)
                return []
            args = list(call.get_arguments())
            kernels: dict[int, list] = {}
            for i, a in enumerate(args):
                if (k := kernel_of(a)) is not None:
                    kernels[i] = [(k, {})]
                elif variable is not None and any(f.kernel == i for f in found):
                    kernels[i] = variable(a)
            return [(k, f, b) for f in found for k, b in kernels.get(f.kernel, ())]
        except Exception:  # noqa: BLE001 - a call libclang cannot read launches nothing we can see
            return []
