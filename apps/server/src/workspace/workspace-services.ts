import { serverKey, type AppContext } from '../context.ts';
import { BranchesService } from './branches.service.ts';
import { FeaturesService } from './features.service.ts';
import { FilesService } from './files.service.ts';
import { FoldersService } from './folders.service.ts';
import { WorkspaceMetaService } from './workspace-meta.service.ts';
import { WorkspaceWriter } from './workspace-writes.ts';

export interface WorkspaceServices {
  writer: WorkspaceWriter;
  features: FeaturesService;
  folders: FoldersService;
  files: FilesService;
  branches: BranchesService;
  meta: WorkspaceMetaService;
}

const byContext = new WeakMap<object, WorkspaceServices>();

/** The workspace services of an app context, built once (the writer's queues must be shared). */
export function workspaceServices(ctx: AppContext): WorkspaceServices {
  const existing = byContext.get(serverKey(ctx));
  if (existing) return existing;
  const writer = new WorkspaceWriter(ctx);
  const features = new FeaturesService(ctx, writer);
  const services = {
    writer,
    features,
    folders: new FoldersService(writer, features),
    files: new FilesService(ctx, writer),
    branches: new BranchesService(ctx),
    meta: new WorkspaceMetaService(ctx),
  };
  byContext.set(serverKey(ctx), services);
  return services;
}
