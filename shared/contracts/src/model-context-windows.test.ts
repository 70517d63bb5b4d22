import { modelContextWindow } from './model-context-windows';

describe('modelContextWindow', () => {
  it('finds a model by its name, a dated snapshot by its family, and knows no others', () => {
    expect(modelContextWindow('gpt-4o-mini')).toBe(128_000);
    expect(modelContextWindow('claude-sonnet-4-5-20250929')).toBe(200_000);
    expect(modelContextWindow('openai/gpt-4.1')).toBe(1_047_576);
    expect(modelContextWindow('my-private-model')).toBeUndefined();
  });
});
