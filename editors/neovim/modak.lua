-- modak for Neovim: the file type, `modak lsp` for every .modak buffer, and tree-sitter highlighting
-- when the parser is installed (editors/install-queries.sh). Works on Neovim 0.7 and newer.
--   require("modak").setup({ cmd = { "modak", "lsp" } })    -- from your init.lua (this file in lua/)
local M = {}

function M.setup(opts)
  opts = opts or {}
  local cmd = opts.cmd or { "modak", "lsp" }
  vim.cmd([[autocmd BufRead,BufNewFile *.modak setfiletype modak]])
  vim.api.nvim_create_autocmd("FileType", {
    pattern = "modak",
    callback = function(args)
      vim.bo[args.buf].commentstring = "// %s"
      local root = vim.fn.fnamemodify(vim.api.nvim_buf_get_name(args.buf), ":p:h")
      local id = vim.lsp.start_client({
        name = "modak",
        cmd = cmd,
        root_dir = root,
        settings = { modak = opts.settings or {} },
      })
      if id then
        vim.lsp.buf_attach_client(args.buf, id)
      end
    end,
  })
end

return M
