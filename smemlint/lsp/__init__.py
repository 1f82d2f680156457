"""The language server (`smemlint lsp`): editor diagnostics, quick fixes and the lane → bank hover."""
