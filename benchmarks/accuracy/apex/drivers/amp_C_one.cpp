// One multi-tensor op of apex's amp_C, bound alone (benchmark code, not apex's): the declaration and
// binding are amp_C_frontend.cpp's, selected by -DAPEX_<OP>, so one small extension builds per op.
#include <torch/extension.h>

#ifdef APEX_SCALE
void multi_tensor_scale_cuda(int chunk_size, at::Tensor noop_flag, std::vector<std::vector<at::Tensor>> tensor_lists,
                             float scale);
#endif
#ifdef APEX_AXPBY
void multi_tensor_axpby_cuda(int chunk_size, at::Tensor noop_flag, std::vector<std::vector<at::Tensor>> tensor_lists,
                             float a, float b, int arg_to_check);
#endif
#ifdef APEX_L2NORM
std::tuple<at::Tensor, at::Tensor> multi_tensor_l2norm_cuda(int chunk_size, at::Tensor noop_flag,
                                                            std::vector<std::vector<at::Tensor>> tensor_lists,
                                                            at::optional<bool> per_tensor_python);
#endif
#ifdef APEX_ADAM
void multi_tensor_adam_cuda(int chunk_size, at::Tensor noop_flag, std::vector<std::vector<at::Tensor>> tensor_lists,
                            const float lr, const float beta1, const float beta2, const float epsilon, const int step,
                            const int mode, const int bias_correction, const float weight_decay);
#endif
#ifdef APEX_SGD
void multi_tensor_sgd_cuda(int chunk_size, at::Tensor noop_flag, std::vector<std::vector<at::Tensor>> tensor_lists,
                           float wd, float momentum, float dampening, float lr, bool nesterov, bool first_run,
                           bool wd_after_momentum, float scale);
#endif

PYBIND11_MODULE(TORCH_EXTENSION_NAME, m) {
#ifdef APEX_SCALE
  m.def("multi_tensor_scale", &multi_tensor_scale_cuda, "");
#endif
#ifdef APEX_AXPBY
  m.def("multi_tensor_axpby", &multi_tensor_axpby_cuda, "");
#endif
#ifdef APEX_L2NORM
  m.def("multi_tensor_l2norm", &multi_tensor_l2norm_cuda, "");
#endif
#ifdef APEX_ADAM
  m.def("multi_tensor_adam", &multi_tensor_adam_cuda, "");
#endif
#ifdef APEX_SGD
  m.def("multi_tensor_sgd", &multi_tensor_sgd_cuda, "");
#endif
}
