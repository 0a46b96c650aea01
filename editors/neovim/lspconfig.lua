-- modak for Neovim with nvim-lspconfig (0.8 and newer): register the server once, then enable it.
local configs = require("lspconfig.configs")
if not configs.modak then
  configs.modak = {
    default_config = {
      cmd = { "modak", "lsp" },
      filetypes = { "modak" },
      root_dir = require("lspconfig.util").root_pattern(".git", "*.modak"),
      settings = { modak = { inlayHints = { enabled = true } } },
    },
  }
end
vim.filetype.add({ extension = { modak = "modak" } })
require("lspconfig").modak.setup({})
