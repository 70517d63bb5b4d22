// The quickstart: snippets per client, the panel, the dialog and Home's card.
export { QuickstartDialog } from './quickstart-dialog';
export { QuickstartPanel, ZeroBalanceAlert } from './quickstart-panel';
