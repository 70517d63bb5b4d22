// The console kit's list building blocks, a sub-entry shared on its own (not eager): the table,
// pagination and checkbox components they render load with the first list page, not at start.
// Session, i18n and settings come from the kit's main entry, so they stay one instance.
export { endpointPage } from './endpoint-page';
export { listPagination } from './list-pagination';
export { type ListColumn, ListTable, type ListTableProps } from './list-table';
export { ListToolbar, type ListToolbarProps } from './list-toolbar';
export {
  type RowAction,
  type RowActionConfirm,
  RowActions,
  type RowActionsProps,
} from './row-actions';
export {
  type ListParams,
  type ListParamsOptions,
  PAGE_PARAM,
  SIZE_PARAM,
  useListParams,
} from './use-list-params';
