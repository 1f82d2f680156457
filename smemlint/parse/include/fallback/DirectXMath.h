/* smemlint stand-in for <DirectXMath.h> (the Windows SDK's vector math; searched after every other
   directory, so a real one wins where given). Only the plain-data storage types a CUDA kernel writes
   through a pointer to a Direct3D buffer (cuda-samples' simpleD3D11/12 `struct Vertex { XMFLOAT3
   position; XMFLOAT4 color; }`): their layouts are the SDK's (floats, ints or uints, no padding);
   nothing of the math (XMVECTOR, XMMatrix*) is declared. */
#ifndef SMEMLINT_DIRECTXMATH_STANDIN_H
#define SMEMLINT_DIRECTXMATH_STANDIN_H

namespace DirectX {
struct XMFLOAT2 { float x, y; };
struct XMFLOAT3 { float x, y, z; };
struct XMFLOAT4 { float x, y, z, w; };
struct XMINT2 { int x, y; };
struct XMINT3 { int x, y, z; };
struct XMINT4 { int x, y, z, w; };
struct XMUINT2 { unsigned int x, y; };
struct XMUINT3 { unsigned int x, y, z; };
struct XMUINT4 { unsigned int x, y, z, w; };
struct XMFLOAT3X3 { float m[3][3]; };
struct XMFLOAT4X3 { float m[4][3]; };
struct XMFLOAT4X4 { float m[4][4]; };
// (the 16-byte aligned XMFLOAT*A types are left undeclared: a type of unknown size says so)
}  // namespace DirectX

#endif
