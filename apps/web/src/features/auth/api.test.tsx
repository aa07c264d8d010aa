import { act, renderHook } from '@testing-library/react';
import type { authEndpoints, EndpointData } from '@tribes/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../app/i18n';
import { jsonResponse, queryWrapper, stubFetch } from '../../test/api-harness';
import { useLogin } from './api';

beforeAll(() => initI18n('en'));
afterEach(() => vi.unstubAllGlobals());

describe('auth calls through the contract', () => {
  it('signs in with a JSON POST and reads the warning answer of an unverified email', async () => {
    const data: EndpointData<typeof authEndpoints.login> = { verification_required: true, email: 'noor@example.test' };
    const calls = stubFetch(() => jsonResponse(200, { status: 'warning', message: 'Please verify your email.', data }));
    const { wrapper } = queryWrapper();
    const { result } = renderHook(() => useLogin(), { wrapper });
    let answer: Awaited<ReturnType<typeof result.current.mutateAsync>> | undefined;
    await act(async () => {
      answer = await result.current.mutateAsync({ body: { email: 'noor@example.test', password: 'a long enough passphrase' } });
    });
    expect(calls).toEqual([
      {
        url: '/api/v1/auth/login',
        method: 'POST',
        body: JSON.stringify({ email: 'noor@example.test', password: 'a long enough passphrase' }),
      },
    ]);
    expect(answer?.status).toBe('warning');
    const got = answer!.data;
    expect('verification_required' in got ? got.email : null).toBe('noor@example.test');
  });
});
