"""The intermediate form: what parsing and lowering extract from a translation unit.

Plain frozen dataclasses, no clang objects. Kernel bodies are lowered to a
small C-like statement/expression tree that `symbolic/` evaluates per lane.
Positions are 1-based lines and byte columns of the original file.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field


@dataclass(frozen=True)
class Span:
    file: str
    line: int
    column: int
    end_line: int
    end_column: int


@dataclass(frozen=True)
class CType:
    """What the evaluator needs to know of a C type."""

    kind: str  # "int" | "float" | "ptr" | "array" | "record" | "void" | "other"
    bytes: int = 0
    signed: bool = True
    pointee_bytes: int = 0  # ptr/array: size of what one step of arithmetic moves over
    spelling: str = ""
    align: int = 0  # records only: the type's alignment (nvcc moves a struct in pieces of at most this)

    @property
    def is_int(self) -> bool:
        return self.kind == "int"


INT = CType("int", 4, True, spelling="int")
UINT = CType("int", 4, False, spelling="unsigned int")
BOOL = CType("int", 1, False, spelling="bool")
UNKNOWN_TYPE = CType("other", 0, spelling="?")
# The reason prefix of what lowering cuts off (an Opaque value or Unsupported statement nested too
# deeply or too large): the evaluator takes such a value as lane-varying.
TOO_COMPLEX = "code too complex to analyse"


# ---------------------------------------------------------------- symbols

@dataclass(frozen=True)
class Symbol:
    """A memory object an access can land in: a shared array, a global pointer parameter, ..."""

    name: str
    space: str  # "shared" | "global" | "constant" | "local"
    elem: CType = UNKNOWN_TYPE
    dims: tuple[int, ...] = ()  # static array extents; () for pointers and extern arrays
    dynamic: bool = False  # extern __shared__ T s[];
    align: int = 0
    decl: Span | None = None
    file_scope: bool = False
    key: str = ""  # unique id (USR or position)
    # A table known at compile time: the integer elements of its initializer, flattened, when it is
    # never written in the file (const, or no store and no cudaMemcpyToSymbol to it); else None,
    # and `table_note` says why an initialized table is still taken as data.
    values: tuple[int, ...] | None = None
    table_note: str = ""


# ---------------------------------------------------------------- expressions

@dataclass(frozen=True)
class Expr:
    ctype: CType


@dataclass(frozen=True)
class Const(Expr):
    value: int


@dataclass(frozen=True)
class FloatConst(Expr):
    pass


@dataclass(frozen=True)
class Builtin(Expr):
    name: str  # "threadIdx.x", "blockDim.y", "warpSize", "laneid"


@dataclass(frozen=True)
class VarRef(Expr):
    var: str  # unique key of the local/parameter
    name: str


@dataclass(frozen=True)
class LocalField(Expr):
    """A field of a struct-typed local or by-value parameter (`data.x`, `p.dims.y`): a variable,
    not memory. `offset` is the field's byte offset in the variable `var` (nested fields added)."""

    var: str
    name: str  # as written, for messages: "data.x"
    offset: int


@dataclass(frozen=True)
class SymbolRef(Expr):
    """An array or pointer-valued symbol (decays to a pointer to its first element)."""

    symbol: Symbol


@dataclass(frozen=True)
class BinOp(Expr):
    op: str  # + - * / % << >> & | ^ < > <= >= == != && || ,
    lhs: Expr
    rhs: Expr


@dataclass(frozen=True)
class UnOp(Expr):
    op: str  # - ~ ! +
    operand: Expr


@dataclass(frozen=True)
class Cast(Expr):
    operand: Expr


@dataclass(frozen=True)
class Select(Expr):
    cond: Expr
    then: Expr
    other: Expr


@dataclass(frozen=True)
class Call(Expr):
    name: str
    args: tuple[Expr, ...]
    function: str | None = None  # key into Program.functions when the body is known
    span: Span | None = None
    # per parameter, the caller's variable a scalar `T &` parameter is bound to (None for the others):
    # the callee's last value of that parameter is written back to it when the call returns
    outs: tuple[Expr | None, ...] = ()


@dataclass(frozen=True)
class Opaque(Expr):
    """A value the analysis does not model; evaluating still evaluates `parts` for their accesses.

    `uniform` says what is proved of it: True, the same in every thread (a constant lowering
    could not fold); False, it may differ per thread whatever its parts (a value read through an
    lvalue the analysis does not follow, an atomic's old value); None, a pure function of its
    parts, the same in every thread when they all are. With no parts and None nothing proves it
    uniform, so it is taken as lane-varying.
    """

    reason: str
    parts: tuple[Expr, ...] = ()
    uniform: bool | None = None


# lvalues (memory or variables)

@dataclass(frozen=True)
class Subscript(Expr):
    """`base[index]`: base is pointer-valued; the element is `ctype` (ctype.bytes wide)."""

    base: Expr
    index: Expr
    step: int  # bytes per index unit (pointee size of base)
    span: Span | None = None


@dataclass(frozen=True)
class Deref(Expr):
    pointer: Expr
    span: Span | None = None


@dataclass(frozen=True)
class Member(Expr):
    """`base.field` / `base->field` on an lvalue (arrow: base is a pointer)."""

    base: Expr
    offset: int
    arrow: bool
    span: Span | None = None


@dataclass(frozen=True)
class AddrOf(Expr):
    lvalue: Expr


@dataclass(frozen=True)
class Access(Expr):
    """A memory read (op ld), write (st) or atomic of an lvalue at a source site."""

    site: int
    op: str  # "ld" | "st" | "atomic"
    lvalue: Expr
    value: Expr | None = None  # for stores: the value written


@dataclass(frozen=True)
class AsyncCopy(Expr):
    """`cp.async` / `__pipeline_memcpy_async`: each lane copies `destination.ctype.bytes` bytes from
    global memory to shared memory. Both sides are costed together (model/tensor.py)."""

    destination: Access  # op "st", the shared side
    source: Access  # op "ld", the global side
    source_size: Expr | None = None  # cp.async's src-size operand: bytes read, the rest zero-filled


@dataclass(frozen=True)
class FragmentAccess(Expr):
    """`wmma::load_matrix_sync` / `store_matrix_sync` of a fragment at `access`'s pointer (the
    tile's first element, the same in every lane) with leading dimension `ldm` elements: the
    instructions and lane addresses it compiles to come from model/tensor.wmma_requests."""

    access: Access  # op "ld" | "st"; lvalue Deref(pointer) of the element type
    ldm: Expr
    use: str  # "matrix_a" | "matrix_b" | "accumulator"
    layout: str  # "row" | "col" (as stored in memory)
    shape: tuple[int, int, int] = (16, 16, 16)


@dataclass(frozen=True)
class Assign(Expr):
    target: Expr  # VarRef or Access(op="st")
    value: Expr
    op: str = "="  # "=", "+=", ...; for compound ops `value` already combines the load


@dataclass(frozen=True)
class IncDec(Expr):
    target: Expr
    delta: int
    prefix: bool
    load: Expr | None = None  # for memory targets: the Access(ld)


def pointer_step(e: Expr) -> Expr | None:
    """One step from an lvalue or pointer expression towards the variable or symbol it is based on."""
    if isinstance(e, Subscript):
        return e.base
    if isinstance(e, Deref):
        return e.pointer
    if isinstance(e, Member):
        return e.base
    if isinstance(e, Cast):
        return e.operand
    if isinstance(e, AddrOf):
        return e.lvalue
    if isinstance(e, BinOp) and e.op in ("+", "-"):
        return e.lhs if e.lhs.ctype.kind in ("ptr", "array") else e.rhs
    return None


def lvalue_root(e: Expr, limit: int = 32) -> SymbolRef | VarRef | None:
    """The symbol or variable an lvalue lands in (`tile` in `tile[i][j].x`, `p` in `p[k]`)."""
    for _ in range(limit):
        if isinstance(e, (SymbolRef, VarRef)):
            return e
        nxt = pointer_step(e)
        if nxt is None:
            return None
        e = nxt
    return None


_NODE_FIELDS: dict[type, tuple[str, ...]] = {}


def node_fields(t: type) -> tuple[str, ...]:
    """The dataclass fields of IR type `t` that may hold statements or expressions, in declaration
    order: all but `ctype` and `span`; none for a type, a span, a symbol or what is not a dataclass
    (found once per type: the IR walks of a CuTe kernel meet a million nodes)."""
    fs = _NODE_FIELDS.get(t)
    if fs is None:
        fs = () if t in (CType, Span, Symbol) else \
            tuple(f for f in getattr(t, "__dataclass_fields__", ()) if f not in ("ctype", "span"))
        _NODE_FIELDS[t] = fs
    return fs


def children(n: object) -> Iterator[Stmt | Expr]:
    """The statements and expressions directly inside an IR node (not its types, spans or symbols)."""
    for f in getattr(n, "__dataclass_fields__", ()):
        v = getattr(n, f)
        if isinstance(v, tuple):
            yield from (x for x in v if isinstance(x, (Stmt, Expr)))
        elif isinstance(v, (Stmt, Expr)):
            yield v


def walk(root: object) -> Iterator[Stmt | Expr]:
    """Every statement and expression under `root`, `root` first."""
    stack = [root]
    while stack:
        n = stack.pop()
        yield n
        stack.extend(children(n))


def holding(root: object, own: Callable[[object], bool]) -> set[int]:
    """The ids of the nodes under `root` (itself included) whose subtree holds a node for which
    `own` is true: one walk answers "does this statement hold one?" for every statement at once,
    where walking each statement's subtree again costs the square of a large body's size."""
    order: list[object] = []
    stack = [root]
    while stack:
        n = stack.pop()
        order.append(n)
        stack.extend(children(n))
    out: set[int] = set()
    for n in reversed(order):  # children before their parent
        if own(n) or any(id(k) in out for k in children(n)):
            out.add(id(n))
    return out


def assigned_vars(n: object) -> set[str]:
    """Variables written anywhere in `n` (declared, assigned, incremented)."""
    out: set[str] = set()
    for x in walk(n):
        if isinstance(x, Decl):
            out.add(x.var)
        elif isinstance(x, (Assign, IncDec)) and isinstance(x.target, (VarRef, LocalField)):
            out.add(x.target.var)
    return out


def without_spans(e: object) -> object:
    """An IR expression as a key that ignores where it was written (two `in[i]` are the same)."""
    if isinstance(e, (tuple, list)):
        return tuple(without_spans(x) for x in e)
    fields = getattr(e, "__dataclass_fields__", None)
    if not fields:
        return e
    return (type(e).__name__,) + tuple(without_spans(getattr(e, f)) for f in fields if f != "span")


def root_name(e: Expr, default: str = "?") -> str:
    root = lvalue_root(e)
    if isinstance(root, SymbolRef):
        return root.symbol.name
    return root.name if isinstance(root, VarRef) else default


# ---------------------------------------------------------------- statements

@dataclass(frozen=True)
class Stmt:
    span: Span | None


@dataclass(frozen=True)
class Block(Stmt):
    body: tuple[Stmt, ...]


@dataclass(frozen=True)
class Decl(Stmt):
    var: str
    name: str
    ctype: CType
    init: Expr | None


@dataclass(frozen=True)
class ExprStmt(Stmt):
    expr: Expr


@dataclass(frozen=True)
class If(Stmt):
    cond: Expr
    then: Stmt
    other: Stmt | None


@dataclass(frozen=True)
class Loop(Stmt):
    init: Stmt | None
    cond: Expr | None
    step: Expr | None
    body: Stmt
    do_while: bool = False
    unroll: int | None = None  # #pragma unroll N (0: plain #pragma unroll)


@dataclass(frozen=True)
class Return(Stmt):
    value: Expr | None


@dataclass(frozen=True)
class Break(Stmt):
    pass


@dataclass(frozen=True)
class Continue(Stmt):
    pass


@dataclass(frozen=True)
class Barrier(Stmt):
    name: str  # "__syncthreads", "__syncwarp", ...


@dataclass(frozen=True)
class BulkCopy(Stmt):
    """A bulk copy (`cp.async.bulk*`, TMA's `cp.async.bulk.tensor`): the copy engine moves whole
    lines between global and shared memory; no lane addresses, no bank conflicts to predict."""

    instruction: str
    swizzle: str = ""  # the tensor map's swizzle mode where the file gives one ("128B")


@dataclass(frozen=True)
class Unsupported(Stmt):
    what: str
    parts: tuple[Stmt, ...] = ()


# ---------------------------------------------------------------- program

@dataclass(frozen=True)
class AccessSite:
    id: int
    span: Span
    op: str
    symbol_hint: str  # name as written, for messages before evaluation resolves the symbol
    width: int  # bytes
    text: str = ""  # the access as written
    # an instruction whose lanes play roles (model/tensor.py): "ldmatrix.x4", "stmatrix.x1.trans",
    # "cp.async", "wmma.load.matrix_a"...; "" for an ordinary load or store
    instruction: str = ""
    # the line nvcc's line table gives the instruction (0: span.line): where an access spans lines,
    # the line its value is complete on (see extract.instruction_line)
    instruction_line: int = 0


def spin_loop_load(op: str, instruction: str) -> bool:
    """The load a float, double or 64-bit `atomicAdd`'s compare-and-swap loop repeats: an `ld` site
    with the atomic's span and `atomic.*` instruction (lower/instructions.lower_atomic makes it)."""
    return op == "ld" and instruction.startswith("atomic.")


@dataclass(frozen=True)
class Param:
    var: str
    name: str
    ctype: CType
    symbol: Symbol | None = None  # pointer parameters: the global object they point to
    # a struct passed by value: byte offset of each pointer field (nested structs' too) -> the global
    # object it points to (memory a kernel reaches through its arguments is global)
    fields: tuple[tuple[int, Symbol], ...] = ()
    # and of each integer field that is not a flag (`bool`): (byte offset, `name.field` as written,
    # its type): sizes no launch gives (launch.py assumes a value for them)
    int_fields: tuple[tuple[int, str, CType], ...] = ()


@dataclass(frozen=True)
class Function:
    key: str
    name: str
    params: tuple[Param, ...]
    body: Block
    return_type: CType = INT


@dataclass(frozen=True)
class LaunchSite:
    kernel: str  # Kernel.key it launches
    span: Span
    grid: tuple[int, int, int] | None
    block: tuple[int, int, int] | None
    dynamic_smem: int | None
    args: tuple[int | None, ...]  # literal argument values (None: not constant)
    block_text: str = ""
    first_iteration: tuple[int, ...] = ()  # lines of the loops around it: its values are their first iteration's
    # per argument: bytes a pointer argument points past its allocation (`d_in + RADIUS`), None if not known
    pointer_offsets: tuple[int | None, ...] = ()
    # a block the evaluator reads only in part: the components it knows, None for the others
    # (`dim3(threads, 1, 1)`: (None, 1, 1)); None when `block` is known or nothing of it is
    block_partial: tuple[int | None, int | None, int | None] | None = None
    # its values took `main`'s argc as 1: the program as run without command-line arguments
    without_arguments: bool = False
    # per argument: the modulus the launching code asserts it is a multiple of (None: none)
    asserted_multiples: tuple[int | None, ...] = ()
    # a value at it is an element of a constant array its loop walks (`block_sizes[j]`): the first of
    # several launch shapes the program tries on purpose
    swept: bool = False
    # per argument: its value is the program's without command-line arguments, one a run with
    # arguments changes (`int n = 1; if (argc > 1) n = atoi(argv[1]);`); asked only of small values
    command_line: tuple[bool, ...] = ()
    # its block was made from tensor sizes, taken as large (host/syntax.py TENSOR_SIZES): the steady state
    # of a large problem
    sized: bool = False
    # (line, n) of loops around it whose first iterations do not reach it: its first execution is their n-th
    later_iterations: tuple[tuple[int, int], ...] = ()
    # a grid the evaluator reads only in part (`k<<<n, 256>>>` with n unknown: (None, 1, 1)); None when
    # `grid` is known or nothing of its shape is
    grid_partial: tuple[int | None, int | None, int | None] | None = None
    # (part, words) per value at it read from the analysed GPU's properties: part is "grid", "block",
    # "smem" or "arg<i>"; words name the property and its value, or why it is not known
    # (`multiProcessorCount = 132, sm_90's H100 SXM5 / H200 ...`: model/device_properties.py)
    device_properties: tuple[tuple[str, str], ...] = ()
    # the command line the user said the program runs with (config.Settings.program_args), when a value at
    # it read `main`'s argc or argv; empty otherwise
    program_args: tuple[str, ...] = ()


@dataclass(frozen=True)
class Kernel:
    key: str
    name: str  # with template arguments, e.g. transpose<32>
    span: Span
    params: tuple[Param, ...]
    body: Block
    sites: tuple[AccessSite, ...]
    shared: tuple[Symbol, ...]
    launch_bounds: int | None = None
    annotation_block: tuple[int, int, int] | None = None
    annotation_span: Span | None = None
    uses: frozenset[str] = frozenset()  # builtins read ("threadIdx.y", ...)
    barriers: tuple[Span, ...] = ()
    # nothing visible instantiates this template kernel: the instance analysed has representative
    # template arguments (parse/representative.py), worded here (`T = float, N = 4`); "" otherwise
    representative: str = ""


@dataclass
class TranslationUnit:
    path: str
    kernels: list[Kernel] = field(default_factory=list)
    functions: dict[str, Function] = field(default_factory=dict)
    launches: list[LaunchSite] = field(default_factory=list)
    diagnostics: list[str] = field(default_factory=list)  # clang errors, as text
    notes: list[str] = field(default_factory=list)
    calls: list[CallFact] = field(default_factory=list)  # every call in the file, host and device, in source order
    volatile_vars: set[str] = field(default_factory=set)  # decl keys of volatile objects / pointers to volatile
    # names of the __global__ functions the file defines in the code this build compiles (a kernel
    # written in an inactive #if branch is not among them)
    defined_kernels: set[str] = field(default_factory=set)
    # host values across files (host/elsewhere.py): USR -> {argument index: (value, from `main` run without
    # arguments)} of the functions the file calls and does not define; (USR, parameter index) of the functions
    # it defines, calls nowhere and whose parameter its host code read
    arguments_out: dict[str, dict[int, tuple]] = field(default_factory=dict)
    asked_elsewhere: set[tuple[str, int]] = field(default_factory=set)


@dataclass(frozen=True)
class CallFact:
    """One call expression of the main file, as written (host/calls.py)."""

    name: str  # callee as spelled: "atomicAdd", "__shfl_xor", "now", or the kernel of a launch
    qualified: str  # with its scopes where known: "std::chrono::_V2::steady_clock::now"
    span: Span  # the whole call
    callee: Span  # the callee name
    args: tuple[str, ...]  # argument texts
    arg_types: tuple[str, ...]  # canonical argument types ("__half *")
    function: str  # the enclosing function definition
    context: str  # "host" | "device" | "global"
    launch: bool = False  # a kernel launch `k<<<...>>>(...)`
    callee_key: str = ""  # USR of the called function, when it is known
    function_key: str = ""  # USR of the enclosing function
    # where the callee is declared: True in a system header (the CUDA toolkit, smemlint's bundled
    # declarations), False in the project's own code (a user function that shares an intrinsic's
    # name), None when clang did not resolve the call
    callee_system: bool | None = None
    # the calls a callee defined in another file of the project makes, through such callees of its
    # own (a header's `copyToHost()` making a `cudaMemcpy`): the main file's calls are facts of
    # their own, these are read only to say what the call does
    callee_calls: tuple[str, ...] = ()
