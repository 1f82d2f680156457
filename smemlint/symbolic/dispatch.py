"""Which Interpreter method evaluates each kind of IR node."""
from __future__ import annotations

from .. import ir

STATEMENT_METHODS = {
    ir.Block: "_exec_block", ir.Decl: "_exec_decl", ir.ExprStmt: "_exec_expr", ir.If: "exec_if",
    ir.Loop: "exec_loop", ir.Return: "_exec_return", ir.Break: "_exec_break", ir.Continue: "_exec_continue",
    ir.Barrier: "_exec_nothing", ir.Unsupported: "_exec_unsupported", ir.BulkCopy: "_exec_bulk_copy",
}
EXPRESSION_METHODS = {
    ir.Const: "_eval_const", ir.Builtin: "_eval_builtin", ir.VarRef: "_eval_var", ir.SymbolRef: "_eval_symbol",
    ir.BinOp: "binop", ir.UnOp: "_eval_unop", ir.Cast: "_eval_cast", ir.Select: "_eval_select",
    ir.Access: "access", ir.Assign: "assign", ir.IncDec: "incdec", ir.AddrOf: "_eval_addrof",
    ir.Subscript: "_eval_lvalue", ir.Deref: "_eval_lvalue", ir.Member: "_eval_lvalue", ir.Call: "call",
    ir.FloatConst: "_eval_float", ir.Opaque: "_eval_opaque", ir.LocalField: "_eval_field",
    ir.AsyncCopy: "async_copy", ir.FragmentAccess: "fragment_access",
}
_BY_CLASS: dict[type, tuple[dict, dict]] = {}


def method_tables(cls: type) -> tuple[dict, dict]:
    """Node type -> method of `cls` (overrides in subclasses included); built once per class."""
    t = _BY_CLASS.get(cls)
    if t is None:
        t = _BY_CLASS[cls] = ({k: getattr(cls, v) for k, v in STATEMENT_METHODS.items()},
                            {k: getattr(cls, v) for k, v in EXPRESSION_METHODS.items()})
    return t


def inherited_method(table: dict, node_type: type, methods: dict, cls: type):
    """A node type missing from the table (a subclass of an IR node): its nearest base's method."""
    for base in node_type.__mro__[1:]:
        if base in methods:
            fn = table[node_type] = getattr(cls, methods[base])
            return fn
    return None


def result_of(name: str) -> str:
    """What a call's value is, in words (a call in code clang recovered from errors may have no name)."""
    return f"the result of `{name}`" if name else "the result of a call clang could not resolve"
