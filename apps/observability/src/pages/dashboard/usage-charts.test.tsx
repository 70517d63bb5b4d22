// The charts sit side by side on wide screens and stack below 768 px, with one colour per model.
import { installMatchMedia } from '@switchyard/console-kit/testing';
import { render, screen } from '@testing-library/react';
import { UsageCharts } from './usage-charts';

const specs: unknown[] = [];
// VChart draws on a canvas jsdom lacks: record the specs it is given instead.
vi.mock('@visactor/vchart', () => ({
  default: class {
    constructor(spec: unknown) {
      specs.push(spec);
    }
    renderSync() {}
    release() {}
  },
}));
vi.mock('@visactor/vchart-arco-theme', () => ({ initVChartArcoTheme: () => undefined }));

const props = {
  quotaTitle: 'Quota',
  countTitle: 'Calls',
  quota: [{ time: '2026-11-24', model: 'a', value: 1 }],
  calls: [{ model: 'a', count: 1 }],
  colors: { domain: ['a', 'b'], range: ['#165DFF', '#14C9C9'] },
};

describe('UsageCharts', () => {
  beforeAll(() => installMatchMedia());
  beforeEach(() => {
    specs.length = 0;
  });

  it('stacks the charts on a phone (390 px)', () => {
    window.innerWidth = 390;
    render(<UsageCharts {...props} />);
    expect(screen.getByTestId('dashboard-charts')).toHaveAttribute('data-layout', 'stacked');
  });

  it('puts them side by side at 1280 px, both with the same model colours', () => {
    window.innerWidth = 1280;
    render(<UsageCharts {...props} />);
    expect(screen.getByTestId('dashboard-charts')).toHaveAttribute('data-layout', 'side-by-side');
    expect(specs).toHaveLength(2);
    for (const spec of specs) {
      expect(spec).toMatchObject({ color: { type: 'ordinal', ...props.colors } });
    }
  });
});
