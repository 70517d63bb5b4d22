// Drawing actions: follow-up bodies read the way the proxy's clients send them.
import { describe, expect, it } from 'vitest';
import { drawingModel, followUpOf } from '../../src/tasks-relay/drawing-actions';

describe('drawing actions', () => {
  it('prices each action as its model', () => {
    expect(drawingModel('IMAGINE')).toBe('mj_imagine');
    expect(drawingModel('HIGH_VARIATION')).toBe('mj_high_variation');
    expect(drawingModel('SWAP_FACE')).toBe('swap_face');
  });

  it('reads change, simple-change, modal and Plus button bodies', () => {
    expect(followUpOf('/mj/submit/change', { taskId: 't1', action: 'upscale', index: 2 })).toEqual({
      action: 'UPSCALE',
      taskId: 't1',
    });
    expect(followUpOf('/mj/submit/simple-change', { content: 't2 V3' })).toEqual({
      action: 'VARIATION',
      taskId: 't2',
    });
    expect(followUpOf('/mj/submit/modal', { taskId: 't3' })).toEqual({
      action: 'MODAL',
      taskId: 't3',
    });
    expect(
      followUpOf('/mj/submit/action', {
        taskId: 't4',
        customId: 'MJ::JOB::high_variation::1::abc',
      }),
    ).toEqual({
      action: 'HIGH_VARIATION',
      taskId: 't4',
    });
    expect(
      followUpOf('/mj/submit/action', { taskId: 't5', customId: 'MJ::JOB::variation::1::abc' })
        ?.action,
    ).toBe('VARIATION');
    expect(
      followUpOf('/mj/submit/action', { taskId: 't6', customId: 'MJ::CustomZoom::abc' })?.action,
    ).toBe('CUSTOM_ZOOM');
  });

  it('refuses bodies that do not name a task or a known action', () => {
    expect(followUpOf('/mj/submit/change', { action: 'UPSCALE' })).toBeNull();
    expect(followUpOf('/mj/submit/change', { taskId: 't1', action: 'DELETE' })).toBeNull();
    expect(followUpOf('/mj/submit/simple-change', { content: 't1 X1' })).toBeNull();
    expect(followUpOf('/mj/submit/action', { taskId: 't1', customId: 'unknown' })).toBeNull();
  });
});
