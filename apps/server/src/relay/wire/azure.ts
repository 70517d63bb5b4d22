// Azure OpenAI's wire constants, shared by the adapter and the native Responses route.

/** The API version a channel without one (its `other` field) is called with. */
export const AZURE_DEFAULT_API_VERSION = '2023-06-01-preview';
