import { Test, TestingModule } from '@nestjs/testing';
import { ProjectorModule } from '../../apps/projector/src/projector.module';
import { loadConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';

/**
 * The distributed mode's projector (its module tree: the projection runner and the process managers) in this
 * process, on an embedded data directory. Beside an API started with `replica: true` on the same directory, the
 * two split the work as the projector and an API replica do: the projector projects and runs the processes, the
 * replica writes and follows the projector's checkpoints. Start it first: the replica's first writes wait on it.
 */
export async function startProjector(dataDir: string, env: NodeJS.ProcessEnv = {}): Promise<TestingModule> {
  const config = loadConfig({ ...env, DATA_DIR: dataDir });
  const projector = await Test.createTestingModule({ imports: [ProjectorModule] }).overrideProvider(CONFIG).useValue(config).compile();
  await projector.init();
  return projector;
}
