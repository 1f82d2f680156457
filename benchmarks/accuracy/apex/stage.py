"""Stage NVIDIA/apex's PyTorch extensions for the GPU machine and write programs.json (no GPU here).

    python benchmarks/accuracy/apex/stage.py --apex /work/repos/apex --out DIR

DIR receives apexsrc/csrc/ (apex's csrc/ as fetched, unchanged), drivers/ (this benchmark's driver and its
amp_C_one.cpp binding), jobs.tsv (program, extension, kernel regex, kernel count), exts.txt (the extensions to
build), run_device.sh and ncu_dump.py. Each program is a run of drivers/apex_driver.py that builds one apex
extension with torch.utils.cpp_extension.load (the nvcc flags of apex's setup.py plus -lineinfo) and calls its
kernels once on realistic sizes.
"""
from __future__ import annotations

import argparse
import json
import shutil
import subprocess
from pathlib import Path

HERE = Path(__file__).parent
LN = ["cuComputePartGradGammaBeta", "cuComputeGradGammaBeta", "cuComputeGradInput"]
MLP = ["biasAdd_fprop", "biasAddRelu_fprop", "Relu_fprop", "Sigmoid_fprop", "Relu_bprop", "Sigmoid_bprop",
       "biasAdd_bprop", "biasAddRelu_bprop", "biasAddRelu_bprop_aligned"]
# name: (extension, apex sources it builds from, kernels profiled (first launch of each), what it runs)
PROGRAMS = {
    "layer_norm_fp32": ("fused_layer_norm_cuda", ["csrc/layer_norm_cuda.cpp", "csrc/layer_norm_cuda_kernel.cu"],
                        ["cuApplyLayerNorm", *LN], "forward_affine + backward_affine, fp32 (8192, 768)"),
    "layer_norm_fp16": ("fused_layer_norm_cuda", ["csrc/layer_norm_cuda.cpp", "csrc/layer_norm_cuda_kernel.cu"],
                        ["cuApplyLayerNorm", *LN], "forward_affine + backward_affine, fp16 (8192, 768)"),
    "rms_norm_fp16": ("fused_layer_norm_cuda", ["csrc/layer_norm_cuda.cpp", "csrc/layer_norm_cuda_kernel.cu"],
                      ["cuApplyRMSNorm", *LN], "rms_forward_affine + rms_backward_affine, fp16 (8192, 4096)"),
    "syncbn_nchw_fp32": ("syncbn", ["csrc/syncbn.cpp", "csrc/welford.cu"],
                         ["welford_kernel", "batchnorm_forward_kernel", "reduce_bn_kernel", "batchnorm_backward_kernel",
                          "welford_kernel_parallel"],
                         "welford_mean_var, batchnorm_forward, reduce_bn, batchnorm_backward on fp32 (32, 256, 28, 28); "
                         "welford_parallel over 8 x 256"),
    "syncbn_nhwc_fp16": ("syncbn", ["csrc/syncbn.cpp", "csrc/welford.cu"],
                         ["welford_kernel_c_last", "batchnorm_forward_c_last_kernel", "reduce_bn_c_last_kernel",
                          "batchnorm_backward_c_last_kernel", "relu_backward_c_last_kernel"],
                         "the *_c_last calls and relu_bw_c_last on fp16 (32, 28, 28, 256), fp32 weights"),
    "mlp_fp16": ("mlp_cuda", ["csrc/mlp.cpp", "csrc/mlp_cuda.cu"], MLP,
                 "forward + backward of MLP([1024, 4096, 1024]), bias, relu, fp16, batch 1024 (GEMMs are cuBLAS)"),
    "mt_scale": ("amp_C_scale", ["csrc/multi_tensor_scale_kernel.cu"], ["multi_tensor_apply_kernel"],
                 "multi_tensor_scale fp16 -> fp32 over 4 BERT-base tensors (5.5M elements), chunk 65536"),
    "mt_axpby": ("amp_C_axpby", ["csrc/multi_tensor_axpby_kernel.cu"], ["multi_tensor_apply_kernel"],
                 "multi_tensor_axpby fp32 over the same 4 tensors"),
    "mt_l2norm": ("amp_C_l2norm", ["csrc/multi_tensor_l2norm_kernel.cu"], ["multi_tensor_apply_kernel", "cleanup"],
                  "multi_tensor_l2norm fp32, per-tensor norms too, over the same 4 tensors"),
    "mt_adam": ("amp_C_adam", ["csrc/multi_tensor_adam.cu"], ["multi_tensor_apply_kernel"],
                "multi_tensor_adam (AdamW mode) fp32 g, p, m, v over the same 4 tensors"),
    "mt_sgd": ("amp_C_sgd", ["csrc/multi_tensor_sgd_kernel.cu"], ["multi_tensor_apply_kernel"],
               "multi_tensor_sgd with momentum, fp32 g, p, m over the same 4 tensors"),
}


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--apex", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    root, out = Path(args.apex), Path(args.out)
    commit = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                            text=True).stdout.strip()
    shutil.copytree(root / "csrc", out / "apexsrc" / "csrc", dirs_exist_ok=True)
    shutil.copytree(HERE / "drivers", out / "drivers", dirs_exist_ok=True,
                    ignore=shutil.ignore_patterns("__pycache__"))
    shutil.copy2(HERE / "run_device.sh", out / "run_device.sh")
    shutil.copy2(HERE.parent / "realprograms" / "ncu_dump.py", out / "ncu_dump.py")
    progs = []
    with open(out / "jobs.tsv", "w") as fh:
        for name, (ext, sources, kernels, what) in PROGRAMS.items():
            fh.write("\t".join([name, ext, "^(" + "|".join(kernels) + ")$", str(len(kernels))]) + "\n")
            progs.append({"name": name, "extension": ext, "sources": sources,
                          "driver": "drivers/apex_driver.py (this benchmark's)",
                          "build": "torch.utils.cpp_extension.load, nvcc flags of apex's setup.py + -lineinfo",
                          "run": f"python3 drivers/apex_driver.py APEXSRC {name}", "calls": what,
                          "kernels": kernels, "lint": sources, "copy": "csrc"})
    (out / "exts.txt").write_text("".join(sorted({p["extension"] + "\n" for p in progs})))
    doc = {"about": "NVIDIA/apex's C++/CUDA extensions built as PyTorch extensions, measured per source line on the "
                    "GPU (sources fetched, never committed; see README.md)", "repo": "NVIDIA/apex", "commit": commit,
           "programs": progs,
           "left_out": {"fused_dense_cuda": "its kernels are cuBLASLt epilogues and a bias-gradient kernel; not "
                                            "built this time (time)",
                        "multi_tensor_lamb*, novograd, adagrad, l2norm_mp/scale, update_scale_hysteresis":
                            "the same multi_tensor_apply_kernel with other functors; not built this time",
                        "csrc/megatron, apex/contrib": "not built this time"}}
    (HERE / "programs.json").write_text(json.dumps(doc, indent=1) + "\n")
    print(f"{len(progs)} programs, {sum(len(p['kernels']) for p in progs)} kernels")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
