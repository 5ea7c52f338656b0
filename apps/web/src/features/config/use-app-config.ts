import { useQuery } from '@tanstack/react-query';
import { type AppConfig, defaultConfig, fetchConfig } from './config.api';

/** Instance settings; falls back to defaults while loading or when the call fails. */
export function useAppConfig(): AppConfig {
  const query = useQuery({ queryKey: ['config'], queryFn: fetchConfig, staleTime: 5 * 60_000 });
  return query.data ?? defaultConfig();
}
