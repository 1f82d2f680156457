"""Words for what libclang hands the extractor: messages name C++ constructs, never libclang's cursor kinds.

The extractor's reasons end up in the user's text ("cannot predict: the address depends on
<reason>", "line 12: <construct> not analysed"), so each is a noun phrase a CUDA programmer
reads without knowing clang's AST: "the result of a call to `f`", not "lvalue call_expr".
"""
from __future__ import annotations

import clang.cindex as ci

# What a construct is, in C++ words, for the kinds a CUDA kernel meets; other kinds are spelled
# from their name (construct() below), never with it.
_WORDS = {
    "UNEXPOSED_EXPR": "an expression libclang does not describe",
    "UNEXPOSED_STMT": "a statement libclang does not describe",
    "DECL_REF_EXPR": "a named value",
    "MEMBER_REF_EXPR": "a member",
    "CALL_EXPR": "the result of a function call",
    "STRING_LITERAL": "a string literal",
    "CHARACTER_LITERAL": "a character literal",
    "INTEGER_LITERAL": "an integer literal",
    "FLOATING_LITERAL": "a floating-point literal",
    "PAREN_EXPR": "a parenthesised expression",
    "UNARY_OPERATOR": "a unary operator",
    "BINARY_OPERATOR": "a binary operator",
    "COMPOUND_ASSIGNMENT_OPERATOR": "a compound assignment",
    "CONDITIONAL_OPERATOR": "a conditional (?:) expression",
    "ARRAY_SUBSCRIPT_EXPR": "an array element",
    "CSTYLE_CAST_EXPR": "a cast",
    "CXX_STATIC_CAST_EXPR": "a static_cast",
    "CXX_REINTERPRET_CAST_EXPR": "a reinterpret_cast",
    "CXX_CONST_CAST_EXPR": "a const_cast",
    "CXX_DYNAMIC_CAST_EXPR": "a dynamic_cast",
    "CXX_FUNCTIONAL_CAST_EXPR": "a functional cast",
    "BUILTIN_BIT_CAST_EXPR": "a bit cast",
    "COMPOUND_LITERAL_EXPR": "a compound literal",
    "INIT_LIST_EXPR": "an initializer list",
    "CXX_PAREN_LIST_INIT_EXPR": "a parenthesised initializer list",
    "StmtExpr": "a statement expression ({ ... })",
    "GNU_NULL_EXPR": "NULL",
    "CXX_NULL_PTR_LITERAL_EXPR": "nullptr",
    "CXX_BOOL_LITERAL_EXPR": "a boolean literal",
    "CXX_THIS_EXPR": "`this`",
    "CXX_THROW_EXPR": "a throw expression",
    "CXX_NEW_EXPR": "a `new` expression",
    "CXX_DELETE_EXPR": "a `delete` expression",
    "CXX_UNARY_EXPR": "a sizeof or alignof expression",
    "CXX_TYPEID_EXPR": "a typeid expression",
    "LAMBDA_EXPR": "a lambda",
    "PACK_EXPANSION_EXPR": "a parameter pack expansion",
    "SIZE_OF_PACK_EXPR": "a sizeof... expression",
    "PACK_INDEXING_EXPR": "a pack index",
    "CONCEPT_SPECIALIZATION_EXPR": "a concept check",
    "REQUIRES_EXPR": "a requires expression",
    "ADDR_LABEL_EXPR": "the address of a label",
    "LABEL_STMT": "a label",
    "GOTO_STMT": "a goto",
    "INDIRECT_GOTO_STMT": "a computed goto",
    "ASM_STMT": "inline assembly",
    "GCC_ASM_STMT": "inline assembly",
    "MS_ASM_STMT": "inline assembly",
    "CXX_TRY_STMT": "a try block",
    "CXX_CATCH_STMT": "a catch block",
    "CXX_FOR_RANGE_STMT": "a range-based for loop",
    "SEH_TRY_STMT": "a __try block",
    "NULL_STMT": "an empty statement",
    "DECL_STMT": "a declaration",
    "CASE_STMT": "a case label",
    "DEFAULT_STMT": "a default label",
}

_SUFFIXES = {"EXPR": "expression", "STMT": "statement", "OPERATOR": "operator", "LITERAL": "literal",
             "DIRECTIVE": "directive", "CONSTRUCT": "construct", "DECL": "declaration"}
_PREFIXES = ("CXX_", "OBJC_", "OBJ_")


def construct(kind: ci.CursorKind | str) -> str:
    """A noun phrase for a construct of this cursor kind: 'a range-based for loop', 'a typeid expression'."""
    name = kind if isinstance(kind, str) else kind.name
    words = _WORDS.get(name)
    if words is not None:
        return words
    for prefix in _PREFIXES:
        if name.startswith(prefix):
            name = name[len(prefix):]
            break
    parts = [p for p in name.split("_") if p]
    if parts and parts[-1] in _SUFFIXES:
        parts[-1] = _SUFFIXES[parts[-1]]
    phrase = " ".join(p if p.isupper() and len(p) <= 3 and p not in ("FOR", "NEW") else p.lower()
                      for p in parts) or "construct"
    return f"an {phrase}" if phrase[0].lower() in "aeiou" else f"a {phrase}"


def named(spelling: str, otherwise: str) -> str:
    """`spelling` in backticks, or `otherwise` when libclang gives no name (an unnamed or implicit entity)."""
    spelling = (spelling or "").strip()
    return f"`{spelling}`" if spelling else otherwise


# binary operators libclang names (BinaryOperator's names) that a kernel may use and the evaluator does not model
_OPERATOR_WORDS = {"Comma": "the comma operator", "PtrMemD": "a pointer-to-member access (.*)",
                   "PtrMemI": "a pointer-to-member access (->*)", "Cmp": "a three-way comparison (<=>)"}


def binary_operator(name: str) -> str:
    return _OPERATOR_WORDS.get(name, f"the {name} operator" if name and name.isalpha() else "an operator")
