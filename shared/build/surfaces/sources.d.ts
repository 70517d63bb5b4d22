// The libraries a surface re-exports under another name (aliased in src/federation-common.ts).
declare module '@switchyard-surface-source/react-i18next' {
  export * from 'react-i18next';
}
declare module '@switchyard-surface-source/tanstack-react-query' {
  export * from '@tanstack/react-query';
}
