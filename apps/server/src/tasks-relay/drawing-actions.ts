// Drawing actions (spec §4): which submit path is which action, the model each is priced as, and
// the Plus proxy's customId buttons mapped to ordinary actions.

export const DRAWING_CHANNEL_TYPES = [2, 5] as const;

/** Submit paths under /mj; follow-ups continue an earlier task on its channel. */
export const DRAWING_SUBMIT_PATHS = {
  '/mj/submit/imagine': { action: 'IMAGINE', followUp: false },
  '/mj/submit/describe': { action: 'DESCRIBE', followUp: false },
  '/mj/submit/blend': { action: 'BLEND', followUp: false },
  '/mj/submit/shorten': { action: 'SHORTEN', followUp: false },
  '/mj/insight-face/swap': { action: 'SWAP_FACE', followUp: false },
  '/mj/submit/change': { action: null, followUp: true },
  '/mj/submit/simple-change': { action: null, followUp: true },
  '/mj/submit/action': { action: null, followUp: true },
  '/mj/submit/modal': { action: 'MODAL', followUp: true },
} as const;
export type DrawingSubmitPath = keyof typeof DRAWING_SUBMIT_PATHS;

const CHANGE_ACTIONS: Record<string, string> = { U: 'UPSCALE', V: 'VARIATION', R: 'REROLL' };

/** Most specific first: high/low variation before variation. */
const CUSTOM_ID_ACTIONS: [string, string][] = [
  ['MJ::JOB::upsample', 'UPSCALE'],
  ['MJ::JOB::high_variation', 'HIGH_VARIATION'],
  ['MJ::JOB::low_variation', 'LOW_VARIATION'],
  ['MJ::JOB::variation', 'VARIATION'],
  ['MJ::JOB::reroll', 'REROLL'],
  ['MJ::JOB::pan_', 'PAN'],
  ['MJ::Outpaint', 'ZOOM'],
  ['MJ::CustomZoom', 'CUSTOM_ZOOM'],
  ['MJ::Inpaint', 'INPAINT'],
];

/** The model name a drawing action is priced as (mj_imagine, …, swap_face). */
export const drawingModel = (action: string): string =>
  action === 'SWAP_FACE' ? 'swap_face' : `mj_${action.toLowerCase()}`;

export interface FollowUp {
  action: string;
  taskId: string;
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim() : '');

/** Reads the action and the task a follow-up continues; null when the body does not say. */
export function followUpOf(
  path: DrawingSubmitPath,
  body: Record<string, unknown>,
): FollowUp | null {
  if (path === '/mj/submit/simple-change') {
    const [taskId, change] = text(body.content).split(/\s+/);
    const action = CHANGE_ACTIONS[(change ?? '').charAt(0).toUpperCase()];
    return taskId && action ? { action, taskId } : null;
  }
  const taskId = text(body.taskId);
  if (!taskId) return null;
  if (path === '/mj/submit/modal') return { action: 'MODAL', taskId };
  if (path === '/mj/submit/action') {
    const customId = text(body.customId);
    const match = CUSTOM_ID_ACTIONS.find(([prefix]) => customId.startsWith(prefix));
    return match ? { action: match[1], taskId } : null;
  }
  const action = text(body.action).toUpperCase();
  return ['UPSCALE', 'VARIATION', 'REROLL'].includes(action) ? { action, taskId } : null;
}
