"""A struct a kernel receives by value is kernel-parameter memory (`param`): the same for every thread,
never a shared or global request, and the pointers in its arrays point to global objects (issue 30
item 5). A function object's `operator()` is followed like a method of that object (apex's
multi-tensor kernels: `callable(chunk_size, tl, args...)`), and a helper called on a register array
and on global memory gives the global side's number (fixtures/functor_kernels.cu)."""
from __future__ import annotations

from pathlib import Path

from smemlint.config import Settings
from smemlint.lint import lint_file
from smemlint.sass import names

FIXTURE = Path(__file__).parent.parent / "fixtures" / "functor_kernels.cu"


def _by_kernel():
    r = lint_file(str(FIXTURE), Settings())
    assert r.status == "ok", r.error
    return {k.name: k for k in r.kernels}


def test_functor_bodies_are_followed_with_global_pointers_from_the_parameter_struct() -> None:
    kernels = _by_kernel()
    # the trailing pack is named by its types, as c++filt names the kernel's symbol
    assert set(kernels) == {"apply_kernel<TensorList<2>, ScaleFunctor<float, float>, float>",
                            "apply_kernel<TensorList<2>, StridedFunctor, int>",
                            "apply_kernel<TensorList<2>, VectorFunctor, int>"}
    scale = kernels["apply_kernel<TensorList<2>, ScaleFunctor<float, float>, float>"]
    data = {(a.line, a.op): a for a in scale.accesses if a.space == "global"}
    assert set(data) == {(32, "ld"), (32, "st")}
    assert all(a.predictable and a.sectors_per_request == 4.0 for a in data.values())
    strided = kernels["apply_kernel<TensorList<2>, StridedFunctor, int>"]
    numbers = {(a.line, a.op): a.sectors_per_request for a in strided.accesses if a.space == "global"}
    assert numbers == {(56, "ld"): 32.0, (56, "st"): 4.0}


def test_parameter_struct_reads_are_no_requests() -> None:
    for k in _by_kernel().values():
        params = [a for a in k.accesses if a.symbol == "tl" or a.symbol.startswith("tl.")]
        assert params and all(a.space == "param" for a in params), [(a.line, a.space) for a in params]
        assert all(a.sectors_per_request is None and a.wavefronts_per_request is None for a in params)


def test_a_helper_on_registers_and_global_memory_gives_the_global_number() -> None:
    k = _by_kernel()["apply_kernel<TensorList<2>, VectorFunctor, int>"]
    copy = {a.op: a for a in k.accesses if a.line == 38}
    assert copy["ld"].space == copy["st"].space == "global"
    assert copy["ld"].predictable and copy["ld"].sectors_per_request == 16.0
    assert copy["st"].predictable and copy["st"].sectors_per_request == 16.0
    assert any("also executed on local memory" in x for x in copy["st"].assumptions)


def test_class_template_arguments_and_packs_in_kernel_symbols() -> None:
    d = names.demangle("_Z25multi_tensor_apply_kernelI18TensorListMetadataILi2EE12ScaleFunctorIN3c104HalfEfEJfEEvlPViT_T0_DpT1_")
    assert d.template_args == ("TensorListMetadata<2>", "ScaleFunctor<c10::Half, float>", "float")
    assert names.match("multi_tensor_apply_kernel<TensorListMetadata<2>, ScaleFunctor<c10::Half, float>, float>",
                       ["_Z25multi_tensor_apply_kernelI18TensorListMetadataILi2EE12ScaleFunctorIN3c104HalfEfEJfEEvlPViT_T0_DpT1_",
                        "_Z25multi_tensor_apply_kernelI18TensorListMetadataILi2EE12ScaleFunctorIffEJfEEvlPViT_T0_DpT1_"]) \
        == "_Z25multi_tensor_apply_kernelI18TensorListMetadataILi2EE12ScaleFunctorIN3c104HalfEfEJfEEvlPViT_T0_DpT1_"
