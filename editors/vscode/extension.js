// The VS Code side of the storefront language server: starts `npx storefront language-server
// --stdio` in the workspace folder (the project's own storefront) for Handlebars files.
'use strict';
const vscode = require('vscode');
const { LanguageClient } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

/** @param {import('vscode').ExtensionContext} context */
function activate(context) {
  const [command, ...args] = vscode.workspace
    .getConfiguration('storefront')
    .get('languageServer.command', ['npx', 'storefront', 'language-server', '--stdio']);
  const cwd = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  // An executable without a transport talks over its stdin and stdout: args carry --stdio themselves.
  const run = { command, args, options: { cwd, shell: process.platform === 'win32' } };
  client = new LanguageClient(
    'storefront',
    'Storefront themes',
    { run, debug: run },
    {
      documentSelector: [{ scheme: 'file', language: 'handlebars' }],
      synchronize: { fileEvents: vscode.workspace.createFileSystemWatcher('**/*.{hbs,js,css,json}') },
    },
  );
  context.subscriptions.push(client);
  return client.start();
}

function deactivate() {
  return client?.stop();
}

module.exports = { activate, deactivate };
