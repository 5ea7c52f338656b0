import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useWorkspace } from '../workspace/use-workspace';
import { wsKeys } from '../workspace/workspace-keys';
import { deleteEnvironment, editEnvironment, fetchEnvironments, pushEnvironment, saveActiveEnvironment } from './environments.api';

/** The query of a branch's environments (the list and the last active one). */
export function environmentsQuery(ws: ReturnType<typeof useWorkspace>) {
  return { queryKey: wsKeys.envs(ws.projectId, ws.branch), queryFn: () => fetchEnvironments(ws.ref) };
}

/** The environment in effect: the selected one while listed, else the last active, else the first; null when there is none. */
function environmentInEffect(list: Awaited<ReturnType<typeof fetchEnvironments>>, selected: string | null): string | null {
  const names = list.allEnv.map((e) => e.name);
  return [selected, list.lastActiveEnv, names[0]].find((n) => n != null && names.includes(n)) ?? null;
}

/**
 * For an action that needs an environment: the one in effect (the selector shows it). A click before
 * the list arrived waits for it (where it cannot be read, the selected one).
 */
export function useResolveEnvironment() {
  const ws = useWorkspace();
  const queryClient = useQueryClient();
  return async (): Promise<string | null> => {
    const list = await queryClient.ensureQueryData(environmentsQuery(ws)).catch(() => null);
    return list ? environmentInEffect(list, ws.env) : ws.env;
  };
}

/** Environments of the selected branch; keeps the selected one valid (last active, else the first). */
export function useEnvironments() {
  const ws = useWorkspace();
  const query = useQuery(environmentsQuery(ws));
  const data = query.data;
  const { env, setEnv } = ws;
  useEffect(() => {
    if (!data) return;
    const inEffect = environmentInEffect(data, env);
    if (inEffect !== env) setEnv(inEffect);
  }, [data, env, setEnv]);
  return query;
}

export function useSelectEnvironment() {
  const ws = useWorkspace();
  return (name: string | null) => {
    ws.setEnv(name);
    saveActiveEnvironment(ws.ref, name).catch(() => {});
  };
}

export function useEnvironmentMutations() {
  const ws = useWorkspace();
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: wsKeys.branch(ws.projectId, ws.branch) });
  return {
    create: useMutation({ mutationFn: (v: { name: string; baseUrl: string }) => pushEnvironment(ws.ref, v.name, v.baseUrl), onSuccess }),
    edit: useMutation({
      mutationFn: (v: { name: string; newName: string; baseUrl: string; baseVersion: string | null }) =>
        editEnvironment(ws.ref, v.name, v.newName, v.baseUrl, v.baseVersion),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (name: string) => deleteEnvironment(ws.ref, name), onSuccess }),
    /** Reads the branch again (after a conflict's Reload). */
    refresh: onSuccess,
  };
}
