// The build id stamped on every page root (end-to-end tests read it to tell builds apart).
export const REMOTE_NAME = 'observability';
export const BUILD_ID = typeof SWITCHYARD_BUILD_ID === 'string' ? SWITCHYARD_BUILD_ID : 'dev';
