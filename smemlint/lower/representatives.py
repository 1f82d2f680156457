"""The representative instances the parse made (parse/representative.py): for each template kernel
of the file that nothing visible instantiates, the instance clang made for the root after its body,
unless that instantiation gave an error (then the template itself is analysed, as before)."""
from __future__ import annotations

import clang.cindex as ci

from ..cursors.nodes import FileNames
from ..host.launches import kernel_pattern, loc_key, walk_decls
from ..parse.representative import REPRESENTATIVE_ROOT, Root, representative_roots
from ..parse.translation import from_root

K = ci.CursorKind


def representative_instances(tu: ci.TranslationUnit, main: str, text: str, file_of: FileNames
                             ) -> tuple[dict[str, tuple[ci.Cursor | None, Root]], list[ci.Cursor]]:
    """({loc_key of the kernel template: (its representative instance, or None where it was turned down
    (an integer given `static_cast<E>(0)`), its root: the arguments chosen)}, the instances clang made for
    roots whose instantiation gave an error: not instances of the program (a representative 4 that a
    `static_assert(N % 8 == 0)` rejects is still listed where its template is, and is not analysed))."""
    if REPRESENTATIVE_ROOT not in text and ("template" not in text or "__global__" not in text):
        return {}, []
    _, roots = representative_roots(text)
    if not roots:
        return {}, []
    failed: set[Root] = set()
    try:
        for d in tu.diagnostics:
            if d.severity >= ci.Diagnostic.Error:
                r = from_root(d, main, roots)
                if r is not None:
                    failed.add(r)
    except Exception:  # noqa: BLE001 - diagnostics unreadable: no representative is trusted
        return {}, []
    placed = {(r.line, r.start): r for r in roots}
    out: dict[str, tuple[ci.Cursor, Root]] = {}
    rejected: list[ci.Cursor] = []
    try:
        for fn in walk_decls(tu.cursor, main, file_of):
            if fn.kind != K.FUNCTION_DECL or not fn.spelling.startswith(REPRESENTATIVE_ROOT):
                continue
            loc = fn.location
            root = next((r for (line, start), r in placed.items() if line == loc.line and start <= loc.column < r.end),
                        None)
            if root is None:
                continue
            for c in fn.walk_preorder():
                if c.kind == K.DECL_REF_EXPR:
                    ref = c.referenced
                    pattern = kernel_pattern(ref) if ref is not None else None
                    if pattern is not None and ref.get_num_template_arguments() > 0:
                        if root in failed:
                            rejected.append(ref)
                        else:  # (turned down: None, so that extract.py does not take the instance clang made for it)
                            out[loc_key(pattern)] = (ref if _enums_are_enums(pattern, root) else None, root)
                    break
    except Exception:  # noqa: BLE001 - a cursor clang could not give: that kernel has no representative
        pass
    return out, rejected


def _enums_are_enums(pattern: ci.Cursor, root: Root) -> bool:
    """Is every parameter the root gave `static_cast<E>(0)` an enum (not an integer typedef, whose 0
    would be a made-up size)?"""
    if not root.enums:
        return True
    kinds = {p.spelling: p.type.get_canonical().kind for p in pattern.get_children()
             if p.kind == K.TEMPLATE_NON_TYPE_PARAMETER}
    return all(kinds.get(name) == ci.TypeKind.ENUM for name in root.enums)
