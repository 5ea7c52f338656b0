import type { LogoutResponse, SignInBody, SignInResponse, SignUpBody, UserByTokenResponse, UserDto } from '@stepwise/shared';
import { api } from '../../api/client';

export function signIn(body: SignInBody): Promise<SignInResponse> {
  return api.post<SignInResponse>('auth/signin-without-iam', body, { ignoreUnauthorized: true });
}

export function signUp(body: SignUpBody): Promise<SignInResponse> {
  return api.post<SignInResponse>('auth/signup-without-iam', body, { ignoreUnauthorized: true });
}

export async function fetchCurrentUser(): Promise<UserDto> {
  const body = await api.get<UserByTokenResponse>('auth/getNonIamUserByToken');
  return body.user;
}

export function logout(): Promise<LogoutResponse> {
  return api.post<LogoutResponse>('auth/logout', {}, { ignoreUnauthorized: true });
}
