import { mockHttp } from '@switchyard/console-kit/testing';
import { listTokens } from './tokens.api';

describe('listTokens', () => {
  it('asks the server for the page counted from 0 (the list counts from 1)', async () => {
    const http = mockHttp(() => ({
      body: { success: true, message: '', data: { items: [], total: 0, page: 2, page_size: 20 } },
    }));
    try {
      await listTokens(3, 20);
      expect(http.seen[0]?.params).toEqual({ p: 2, size: 20 });
    } finally {
      http.restore();
    }
  });
});
