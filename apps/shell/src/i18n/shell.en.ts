// English strings of the shell (namespace `shell`).
import type { TranslationOf } from '@switchyard/console-kit';
import type { shellZh } from './shell.zh';

export const shellEn: TranslationOf<typeof shellZh> = {
  nav: {
    home: 'Home',
    channel: 'Channels',
    chat: 'Chat',
    token: 'Tokens',
    playground: 'Playground',
    redemption: 'Redemption codes',
    topup: 'Wallet',
    pricing: 'Model pricing',
    user: 'Users',
    log: 'Logs',
    detail: 'Dashboard',
    audit: 'Audit log',
    apiReference: 'API reference',
    midjourney: 'Drawing',
    task: 'Async tasks',
    status: 'Status',
    setting: 'Settings',
    open: 'Open the navigation menu',
    menu: 'Navigation menu',
  },
  override: {
    label: 'Remote development override',
    active: 'Override: {{name}} from {{entry}}',
    refused: 'Override of {{name}} refused: {{entry}} is not an allowed origin',
    clear: 'Clear overrides',
  },
  pageTitle: {
    login: 'Sign in',
    register: 'Register',
    reset: 'Reset password',
    resetConfirm: 'New password',
    oauth: 'Signing in with GitHub',
    oauthOidc: 'Signing in with OpenID Connect',
    about: 'About',
    userEdit: 'Edit user',
    userAdd: 'Add user',
    channelAdd: 'Add channel',
    channelEdit: 'Edit channel',
    notFound: 'Page not found',
  },
  topBar: {
    about: 'About',
    login: 'Log in',
    register: 'Sign up',
    logout: 'Log out',
    logoutSuccess: 'Logged out successfully!',
    toDark: 'Switch to dark mode',
    toLight: 'Switch to light mode',
    language: 'Language',
    lantern: 'Happy New Year',
  },
  footer: {
    default: '{{name}} {{version}}',
  },
  boot: {
    cannotConnect: 'Cannot connect to the server normally!',
  },
  notice: {
    title: 'Announcement',
    close: 'Close announcement',
  },
  home: {
    welcomeTitle: 'Welcome to {{name}}',
    welcomeText:
      'A self-hosted AI model gateway: one OpenAI-compatible API in front of many model providers, billed by quota.',
    pricing: 'See model pricing',
    login: 'Log in',
    tokens: 'Manage my tokens',
    loadFailed: 'The home page content could not be loaded',
  },
  about: {
    title: 'About',
    notSet: 'The administrator has not set the content of the about page yet.',
    loadFailed: 'The about page content could not be loaded',
  },
  chat: {
    notSet: 'The administrator has not set a chat link.',
    frameTitle: 'Chat',
  },
  notFound: {
    title: 'Page not found',
    hint: 'Please check that the address in your browser is correct',
    home: 'Back to home',
  },
  settings: {
    tabsLabel: 'Settings sections',
    title: 'Settings',
    personal: 'Personal',
    operation: 'Operation',
    system: 'System',
    other: 'Other',
  },
};
