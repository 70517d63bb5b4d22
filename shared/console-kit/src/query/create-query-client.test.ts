import { ApiError } from '../http/api-error';
import { initI18n } from '../i18n/i18n';
import { createQueryClient } from './create-query-client';

describe('createQueryClient', () => {
  beforeAll(() => {
    initI18n();
  });

  it('routes a failed query through the central handler with the injected navigate', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({ navigate });
    await expect(
      client.fetchQuery({
        queryKey: ['self'],
        queryFn: () => Promise.reject(new ApiError('no', { kind: 'http', status: 401 })),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(navigate).toHaveBeenCalledWith('/login?expired=true');
  });

  it('leaves silent queries to their caller', async () => {
    const navigate = vi.fn();
    const client = createQueryClient({ navigate });
    await expect(
      client.fetchQuery({
        queryKey: ['quiet'],
        meta: { silent: true },
        queryFn: () => Promise.reject(new ApiError('no', { kind: 'http', status: 401 })),
      }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(navigate).not.toHaveBeenCalled();
  });
});
