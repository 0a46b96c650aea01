-- End-to-end test with Neovim 0.7's built-in LSP client (headless): start `modak lsp`, open a
-- .modak file with an error on a line holding non-ASCII text, check the diagnostic Neovim shows
-- (message, code, byte columns after Neovim's own UTF-16 conversion), then make the same edit a
-- user would and check the diagnostic disappears. Writes one JSON line to stdout; exits non-zero
-- on failure.
-- usage: MODAK=... TEST_FILE=... nvim --headless --clean -c 'luafile neovim.lua'
local modak = assert(vim.env.MODAK, "MODAK not set")
local file = assert(vim.env.TEST_FILE, "TEST_FILE not set")
local function fail(msg)
  io.stderr:write("FAIL " .. msg .. "\n")
  vim.cmd("cquit 1")
end

local client_id = vim.lsp.start_client({
  name = "modak",
  cmd = { modak, "lsp" },
  root_dir = vim.fn.fnamemodify(file, ":p:h"),
})
if not client_id then fail("start_client failed") end

vim.cmd("edit " .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
vim.lsp.buf_attach_client(bufnr, client_id)

if not vim.wait(10000, function() return #vim.diagnostic.get(bufnr) > 0 end, 20) then
  fail("no diagnostics within 10 s")
end
local d = vim.diagnostic.get(bufnr)[1]
local line = vim.api.nvim_buf_get_lines(bufnr, d.lnum, d.lnum + 1, false)[1]
local shown = line:sub(d.col + 1, d.end_col)  -- Neovim columns are bytes
if shown ~= "hpcc" then fail("the diagnostic covers '" .. shown .. "', not 'hpcc' (line: " .. line .. ")") end
if not d.message:find("did you mean 'hpc'", 1, true) then fail("unexpected message: " .. d.message) end

-- The user's fix: replace hpcc by hpc through the buffer (Neovim sends an incremental didChange).
vim.api.nvim_buf_set_text(bufnr, d.lnum, d.col, d.lnum, d.end_col, { "hpc" })
if not vim.wait(10000, function() return #vim.diagnostic.get(bufnr) == 0 end, 20) then
  fail("the diagnostic did not go away after the fix: " .. vim.inspect(vim.diagnostic.get(bufnr)))
end

-- A request any client can send: hover on the fixed value, when the server offers it.
local client = vim.lsp.get_client_by_id(client_id)
local hover = "not advertised"
if client.server_capabilities.hoverProvider then
  local res = vim.lsp.buf_request_sync(bufnr, "textDocument/hover",
    { textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = d.lnum, character = 0 } }, 5000)
  hover = res and "answered" or "no answer"
end

io.stdout:write(vim.fn.json_encode({ message = d.message, code = d.code, col = d.col, hover = hover }) .. "\n")
vim.lsp.stop_client(client_id)
vim.wait(3000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 20)
vim.cmd("qall!")
