import { useMutation, useQuery } from '@tanstack/react-query';
import { clearToken, getToken, REFRESH_COOKIE } from '../lib/auth';
import { getCookie } from '../lib/cookies';
import { api, ApiError } from './client';
import { accountKeys } from './query-keys';
import type { FieldErrors, OwnProfile } from './types';

/** First message of a field in an account error body ({ email: ['...'] }), or null. */
export const fieldError = (error: unknown, field: string): string | null => {
  if (!(error instanceof ApiError) || !error.body || typeof error.body !== 'object') return null;
  const value = (error.body as FieldErrors)[field];
  if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
  return typeof value === 'string' ? value : null;
};

/**
 * GET /api/account/profile (auth). A 401 (after a failed token refresh) removes the token cookie
 * (docs/PRODUCT-RULES.md R124, R71); other failures are only logged.
 */
export const fetchOwnProfile = async (): Promise<OwnProfile> => {
  try {
    return await api.get('/api/account/profile');
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) clearToken();
    throw error;
  }
};

/** The logged-in user's profile; disabled without a token cookie. */
export const useOwnProfile = () =>
  useQuery({
    queryKey: accountKeys.ownProfile(),
    queryFn: fetchOwnProfile,
    enabled: !!getToken(),
    staleTime: 60_000,
  });

/** GET /api/account/profile/{username}: a tipster's public profile. */
export const useProfile = (username: string | undefined) =>
  useQuery({
    queryKey: accountKeys.profile(username ?? ''),
    queryFn: () =>
      api.get('/api/account/profile/{username}', {
        path: { username: username ?? '' },
        auth: false,
      }),
    enabled: !!username,
  });

export interface LoginInput {
  email: string;
  password: string;
}

/** POST /api/account/email-login -> { access, refresh }. */
export const useLogin = () =>
  useMutation({
    mutationFn: (input: LoginInput) => api.post('/api/account/email-login', input, { auth: false }),
  });

/** The registration payload (docs/PRODUCT-RULES.md R121, R56: plus the country). */
export interface RegisterInput {
  username: string;
  email: string;
  phone_number: string;
  password: string;
  country?: string;
  /** The ticked marketing box's exact wording (docs/PRODUCT-RULES.md R276); absent when unticked. */
  marketing_sms_consent?: string;
}

/** POST /api/account/register -> { token, refresh }; 400 with username / email field errors. */
export const useRegister = () =>
  useMutation({
    mutationFn: (input: RegisterInput) => api.post('/api/account/register', input, { auth: false }),
  });

/** POST /api/account/reset-password/ { email }. */
export const useRequestPasswordReset = () =>
  useMutation({
    mutationFn: (email: string) =>
      api.post('/api/account/reset-password/', { email }, { auth: false }),
  });

/** POST /api/account/reset-password/confirm/ { password, token }. */
export const useConfirmPasswordReset = () =>
  useMutation({
    mutationFn: (input: { password: string; token: string }) =>
      api.post('/api/account/reset-password/confirm/', input, {
        auth: false,
      }),
  });

/** PUT /api/account/change-password { old_password, new_password } (auth). */
export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { old_password: string; new_password: string }) =>
      api.put('/api/account/change-password', input),
  });

/** POST /api/account/user/details { name, city } (auth). */
export const useUpdateDetails = () =>
  useMutation({
    mutationFn: (input: { name: string; city: string }) =>
      api.post('/api/account/user/details', input),
  });

/** POST /api/account/user/avatar, multipart `profile_image` (auth). */
export const uploadAvatar = (file: File): Promise<unknown> => {
  const form = new FormData();
  form.append('profile_image', file);
  return api.post('/api/account/user/avatar', form);
};

export const useUploadAvatar = () => useMutation({ mutationFn: uploadAvatar });

/** GET /api/account/send-email-verification-code (auth) -> { message, email }. */
export const useSendVerificationEmail = () =>
  useMutation({
    mutationFn: () => api.get('/api/account/send-email-verification-code'),
  });

/** POST /api/account/verify-email-verification/{code} (auth) -> { message }. */
export const verifyEmail = (code: string) =>
  api.post('/api/account/verify-email-verification/{code}', undefined, { path: { code } });

/** POST /api/account/logout: revokes the refresh token server-side (best effort). */
export const revokeSession = async (): Promise<void> => {
  try {
    await api.post('/api/account/logout', { refresh: getCookie(REFRESH_COOKIE) ?? undefined });
  } catch {
    // Logging out locally must not depend on the server answering.
  }
};

/**
 * The personal-data document (docs/PRODUCT-RULES.md R260, R261): a password proof from
 * POST /api/account/reauth, then GET /api/account/my-data with it.
 */
export const fetchMyData = async (password: string) => {
  const { proof } = await api.post('/api/account/reauth', { password });
  return api.get('/api/account/my-data', { query: { proof } });
};

export const useDownloadMyData = () => useMutation({ mutationFn: fetchMyData });

/** DELETE /api/account {password, confirmation} (docs/PRODUCT-RULES.md R262): closes the account. */
export const useCloseAccount = () =>
  useMutation({
    mutationFn: (input: { password: string; confirmation: string }) =>
      api.delete('/api/account', input),
  });
