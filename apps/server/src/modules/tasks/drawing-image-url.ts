// Where a drawing task's image is shown: the task lists (modules/tasks) and the drawing relay's
// fetch both answer with it, so it lives with the tasks, and the relay imports it from here.
import type { DrawingTaskRow } from '../../db/schema';
import type { OptionsStore } from '../options/options.store';

/** `{ServerAddress}/mj/image/{mj_id}` when MjForwardUrlEnabled, else the upstream's URL. */
export function forwardedImageUrl(options: OptionsStore, task: DrawingTaskRow): string {
  if (!task.image_url) return '';
  if (!options.getBool('MjForwardUrlEnabled')) return task.image_url;
  const address = options.getString('ServerAddress').replace(/\/+$/, '');
  return `${address}/mj/image/${encodeURIComponent(task.mj_id)}`;
}
