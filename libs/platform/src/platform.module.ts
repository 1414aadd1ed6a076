import { DynamicModule, Global, Inject, Logger, Module, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ProcessHost } from './processes/process-host';
import { Aggregates } from './aggregates/aggregates';
import { Clock, SystemClock } from './clock';
import { FolioConfig, loadConfig } from './config/config';
import { CONFIG } from './config/config.token';
import { EVENT_STORE, EventStore } from './event-store/event-store.port';
import { CONTENT_OBJECT_STORE, ContentObjectStore } from './object-store/content-object-store.port';
import { Projection, PROJECTIONS } from './projections/projection';
import { CheckpointFollower, ProjectionProgress } from './projections/projection-progress';
import { ProjectionRunner } from './projections/projection-runner';
import { READ_STORE, ReadStore } from './read-store/read-store.port';
import { SEARCH_INDEX, SearchIndex } from './search/search.port';
import { openEventStore, openObjectStore, openReadStore, openSearchIndex, openSubjectKeys } from './stores';
import { SUBJECT_KEYS, SubjectKeys } from './crypto/subject-keys.port';
import { SubjectCipher } from './crypto/subject-cipher';
import { WorkerPool } from './workers/worker-pool';
import { UrlFetcher } from './fetch/url-fetcher';
import { MetricsRegistry } from './metrics/metrics-registry';
import { InstrumentedEventStore } from './metrics/instrumented-event-store';
import { BacklogGauges } from './metrics/backlog-gauges';
import { MetricsListener } from './metrics/metrics-listener';
import { GitRemote } from './git/git-remote';
import { CommandGitRemote } from './git/command-git-remote';
import { GitCommandCheck } from './startup/git-command-check';

export interface PlatformOptions {
  projections: Projection[];
  /** Apply projections in this process (embedded mode, the projector) or follow another's checkpoints. */
  runProjections: (config: FolioConfig) => boolean;
}

/** Starts the runner once the app is up; closes it and the stores after the HTTP server has drained. */
class PlatformLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('platform');

  constructor(
    @Inject(EVENT_STORE) private readonly events: EventStore,
    @Inject(READ_STORE) private readonly reads: ReadStore,
    @Inject(CONTENT_OBJECT_STORE) private readonly objects: ContentObjectStore,
    @Inject(SEARCH_INDEX) private readonly search: SearchIndex,
    @Inject(SUBJECT_KEYS) private readonly keys: SubjectKeys,
    private readonly progress: ProjectionProgress,
    private readonly workers: WorkerPool,
  ) {}

  async onApplicationBootstrap() {
    if (this.progress instanceof ProjectionRunner) await this.progress.start();
  }

  async onApplicationShutdown() {
    await this.workers.close();
    if (this.progress instanceof ProjectionRunner) await this.progress.stop();
    await this.events.close();
    await this.objects.close();
    await this.search.close();
    await this.reads.close();
    // Last: a projection or process stopped above may have been opening sealed values until it stopped.
    await this.keys.close();
    this.logger.log('stores closed');
  }
}

@Global()
@Module({})
export class PlatformModule {
  static forRoot(options: PlatformOptions): DynamicModule {
    return {
      module: PlatformModule,
      providers: [
        { provide: CONFIG, useFactory: () => loadConfig() },
        { provide: Clock, useClass: SystemClock },
        { provide: PROJECTIONS, useValue: options.projections },
        MetricsRegistry,
        {
          provide: EVENT_STORE,
          inject: [CONFIG, MetricsRegistry],
          // Wrapped once here, whichever adapter opened; not at all with METRICS=off.
          useFactory: async (config: FolioConfig, metrics: MetricsRegistry) => {
            const events = await openEventStore(config);
            return metrics.enabled ? new InstrumentedEventStore(events, metrics.registry) : events;
          },
        },
        { provide: READ_STORE, inject: [CONFIG], useFactory: openReadStore },
        { provide: CONTENT_OBJECT_STORE, inject: [CONFIG], useFactory: openObjectStore },
        { provide: SEARCH_INDEX, inject: [CONFIG, READ_STORE], useFactory: openSearchIndex },
        { provide: SUBJECT_KEYS, inject: [CONFIG], useFactory: openSubjectKeys },
        SubjectCipher,
        {
          provide: ProjectionProgress,
          inject: [CONFIG, EVENT_STORE, READ_STORE, CONTENT_OBJECT_STORE],
          useFactory: (config: FolioConfig, events: EventStore, reads: ReadStore, objects: ContentObjectStore) => {
            const logger = new Logger('projections');
            return options.runProjections(config)
              ? new ProjectionRunner(events, reads, options.projections, {
                  objects,
                  onError: (name, error) => logger.error({ projection: name, err: error }, 'projection failed'),
                })
              : new CheckpointFollower(events, reads, options.projections);
          },
        },
        { provide: WorkerPool, useFactory: () => new WorkerPool() },
        UrlFetcher,
        {
          provide: GitRemote,
          inject: [CONFIG, UrlFetcher],
          // The same address policy as every other outbound connection (FETCH_ALLOW_PRIVATE).
          useFactory: (config: FolioConfig, fetcher: UrlFetcher) =>
            new CommandGitRemote({ allowAddress: fetcher.policy.allowAddress, timeoutSeconds: config.gitTimeoutSeconds, maxFetchMegabytes: config.gitMaxFetchMegabytes, tempDir: config.tempDir }),
        },
        { provide: GitCommandCheck, useFactory: () => new GitCommandCheck() },
        Aggregates,
        ProcessHost,
        BacklogGauges,
        MetricsListener,
        PlatformLifecycle,
      ],
      exports: [CONFIG, Clock, PROJECTIONS, EVENT_STORE, READ_STORE, SEARCH_INDEX, CONTENT_OBJECT_STORE, SUBJECT_KEYS, SubjectCipher, ProjectionProgress, Aggregates, ProcessHost, WorkerPool, UrlFetcher, GitRemote, MetricsRegistry, MetricsListener],
    };
  }
}
