// Imported by each page module this remote exposes: registers the `account` namespace (see ../remote).
import { accountRemote } from '../remote';

export const registerAccountTranslations = accountRemote.registerTranslations;
