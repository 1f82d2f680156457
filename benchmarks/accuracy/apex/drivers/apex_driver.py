"""Build one of NVIDIA/apex's C++/CUDA extensions with torch.utils.cpp_extension.load and run its kernels once.

    python3 apex_driver.py APEXSRC PROGRAM [--build-only]

APEXSRC holds apex's csrc/ as fetched (never changed). Each extension is built from apex's own sources with the
nvcc flags of apex's setup.py plus "-lineinfo" (amp_C already has it), for the GPU's own arch (torch's default).
The multi-tensor ops are bound one per extension by amp_C_one.cpp (this benchmark's, beside this file), so the
first launch of `multi_tensor_apply_kernel` in each program is that op's. Sizes are a BERT-base/LLaMA-class
training step (see ../README.md); PROGRAMS below says what each program calls, in launch order.
"""
import os
import sys

import torch
from torch.utils.cpp_extension import load

HERE = os.path.dirname(os.path.abspath(__file__))
FAST = ["-O3", "--use_fast_math", "-lineinfo"]
EXTS = {  # name: (apex sources under csrc/, nvcc flags of setup.py + -lineinfo, extra C++ flags)
    "fused_layer_norm_cuda": (["layer_norm_cuda.cpp", "layer_norm_cuda_kernel.cu"],
                              ["-maxrregcount=50", "-O3", "--use_fast_math", "-lineinfo"], []),
    "syncbn": (["syncbn.cpp", "welford.cu"], ["-O3", "-lineinfo"], []),
    "mlp_cuda": (["mlp.cpp", "mlp_cuda.cu"], ["-O3", "-lineinfo"], []),
    **{f"amp_C_{op}": ([f"multi_tensor_{src}.cu"], ["-lineinfo", "-O3", "--use_fast_math"], [f"-DAPEX_{op.upper()}"])
       for op, src in [("scale", "scale_kernel"), ("axpby", "axpby_kernel"), ("l2norm", "l2norm_kernel"),
                       ("adam", "adam"), ("sgd", "sgd_kernel")]},
}


def build(src: str, name: str):
    files, nvcc, cxx = EXTS[name]
    sources = [os.path.join(src, "csrc", f) for f in files]
    if name.startswith("amp_C_"):
        sources.insert(0, os.path.join(HERE, "amp_C_one.cpp"))
    return load(name=name, sources=sources, extra_cflags=["-O3", *cxx], extra_cuda_cflags=nvcc,
                extra_include_paths=[os.path.join(src, "csrc")], verbose=False)


CHUNK = 2048 * 32  # apex's default chunk size for the multi-tensor ops (apex/optimizers, amp)
# BERT-base parameter shapes (an FFN's two weights, an attention projection, a bias): 5.5M elements in 4 tensors
SHAPES = [(3072, 768), (768, 3072), (768, 768), (768,)]


def params(dtype=torch.float32):
    return [torch.randn(s, device="cuda", dtype=dtype) for s in SHAPES]


def run(ext, program: str) -> None:
    t = torch.randn
    if program in ("layer_norm_fp32", "layer_norm_fp16"):  # (8 x 1024 tokens, BERT-base hidden 768)
        dt = torch.float32 if program.endswith("fp32") else torch.float16
        x = t(8 * 1024, 768, device="cuda", dtype=dt)
        g, b = t(768, device="cuda", dtype=dt), t(768, device="cuda", dtype=dt)
        y, mean, invvar = ext.forward_affine(x, [768], g, b, 1e-5)
        ext.backward_affine(torch.randn_like(y), mean, invvar, x, [768], g, b, 1e-5, False)
    elif program == "rms_norm_fp16":  # (8 x 1024 tokens, LLaMA-7B hidden 4096)
        x = t(8 * 1024, 4096, device="cuda", dtype=torch.float16)
        g = t(4096, device="cuda", dtype=torch.float16)
        y, invvar = ext.rms_forward_affine(x, [4096], g, 1e-6)
        ext.rms_backward_affine(torch.randn_like(y), invvar, x, [4096], g, 1e-6, False)
    elif program == "syncbn_nchw_fp32":  # a ResNet-50 stage-2 activation: N=32, C=256, 28 x 28
        x = t(32, 256, 28, 28, device="cuda")
        w, b = t(256, device="cuda"), t(256, device="cuda")
        mean, var_biased = ext.welford_mean_var(x)
        inv_std = 1.0 / torch.sqrt(var_biased + 1e-5)
        y = ext.batchnorm_forward(x, mean, inv_std, w, b)
        dy = torch.randn_like(y)
        sum_dy, sum_dy_xmu, gw, gb = ext.reduce_bn(dy, x, mean, inv_std, w)
        count = torch.full((1,), 32 * 28 * 28, dtype=torch.int32, device="cuda")
        ext.batchnorm_backward(dy, x, mean, inv_std, w, sum_dy, sum_dy_xmu, count)
        # 8 processes' statistics merged (SyncBatchNorm's all-gathered mean/var)
        ext.welford_parallel(t(8, 256, device="cuda"), torch.rand(8, 256, device="cuda"),
                             torch.full((8,), 32 * 28 * 28, dtype=torch.int32, device="cuda"), 1e-5)
    elif program == "syncbn_nhwc_fp16":  # the same activation channels-last in fp16, fp32 weights (amp)
        x = t(32, 28, 28, 256, device="cuda", dtype=torch.float16)
        w, b = t(256, device="cuda"), t(256, device="cuda")
        mean, var_biased = ext.welford_mean_var_c_last(x)
        inv_std = 1.0 / torch.sqrt(var_biased + 1e-5)
        y = ext.batchnorm_forward_c_last(x, None, mean, inv_std, w, b, False)
        dy = torch.randn_like(y)
        sum_dy, sum_dy_xmu, gw, gb = ext.reduce_bn_c_last(dy, x, mean, inv_std, w)
        count = torch.full((1,), 32 * 28 * 28, dtype=torch.int32, device="cuda")
        ext.batchnorm_backward_c_last(dy, x, mean, inv_std, w, sum_dy, sum_dy_xmu, count)
        ext.relu_bw_c_last(dy, x, None, mean, inv_std, w, b)
    elif program == "mlp_fp16":  # apex.mlp.MLP([1024, 4096, 1024]), bias, relu; a batch of 1024 rows
        sizes = [1024, 4096, 1024]
        x = t(1024, sizes[0], device="cuda", dtype=torch.float16, requires_grad=False)
        ws = [t(o, i, device="cuda", dtype=torch.float16) * 0.02 for i, o in zip(sizes, sizes[1:])]
        bs = [t(o, device="cuda", dtype=torch.float16) for o in sizes[1:]]
        args = [x, *ws, *bs]
        outs = ext.forward(1, 1, args)
        ext.backward(1, 1, torch.randn_like(outs[0]), outs, args)
    elif program == "mt_scale":  # amp's unscale: fp16 gradients -> fp32 master gradients
        noop = torch.zeros(1, dtype=torch.int32, device="cuda")
        ext.multi_tensor_scale(CHUNK, noop, [params(torch.float16), params()], 1.0 / 65536)
    elif program == "mt_axpby":  # out = a*x + b*y over fp32 lists
        noop = torch.zeros(1, dtype=torch.int32, device="cuda")
        ext.multi_tensor_axpby(CHUNK, noop, [params(), params(), params()], 0.5, 2.0, -1)
    elif program == "mt_l2norm":  # gradient clipping's global and per-tensor norms
        noop = torch.zeros(1, dtype=torch.int32, device="cuda")
        ext.multi_tensor_l2norm(CHUNK, noop, [params()], True)
    elif program == "mt_adam":  # FusedAdam(adam_w_mode=True): lists g, p, m, v in fp32
        noop = torch.zeros(1, dtype=torch.int32, device="cuda")
        ext.multi_tensor_adam(CHUNK, noop, [params(), params(), params(), params()], 1e-3, 0.9, 0.999, 1e-8,
                              1, 1, 1, 0.01)
    elif program == "mt_sgd":  # FusedSGD with momentum: lists g, p, momentum in fp32
        noop = torch.zeros(1, dtype=torch.int32, device="cuda")
        ext.multi_tensor_sgd(CHUNK, noop, [params(), params(), params()], 1e-4, 0.9, 0.0, 0.1, False, False,
                             False, 1.0)
    else:
        raise SystemExit(f"unknown program {program}")
    torch.cuda.synchronize()


EXT_OF = {"layer_norm_fp32": "fused_layer_norm_cuda", "layer_norm_fp16": "fused_layer_norm_cuda",
          "rms_norm_fp16": "fused_layer_norm_cuda", "syncbn_nchw_fp32": "syncbn", "syncbn_nhwc_fp16": "syncbn",
          "mlp_fp16": "mlp_cuda", **{f"mt_{op}": f"amp_C_{op}" for op in ("scale", "axpby", "l2norm", "adam", "sgd")}}

if __name__ == "__main__":
    src, what = sys.argv[1], sys.argv[2]
    if "--build-only" in sys.argv:
        build(src, what)  # an extension name
        print("built", what)
    else:
        run(build(src, EXT_OF[what]), what)
        print("ran", what)
