import { Logger, Provider } from '@nestjs/common';
import { FolioConfig } from '@folio/platform/config/config';
import { CONFIG } from '@folio/platform/config/config.token';
import { IssueExtraction } from './default-issue-extraction';
import { ISSUE_EXTRACTOR, IssueExtractor } from './issue-extraction';
import { LlmIssueExtractor } from './llm-extractor';

/**
 * The extractor the configuration chose, said in the log at start: the LLM at INSIGHTS_LLM_URL (the default
 * answering whenever it fails) when set, else the default, offline one. The URL's origin only: its path or
 * query may hold a key.
 */
export function issueExtractorFrom(config: FolioConfig, extraction: IssueExtraction, logger = new Logger('insights')): IssueExtractor {
  if (!config.insightsLlmUrl) {
    logger.log('Conversation issues are extracted offline by the default extractor (set INSIGHTS_LLM_URL for an OpenAI-compatible LLM)');
    return extraction;
  }
  logger.log(`Conversation issues are extracted by the LLM ${config.insightsLlmModel} at ${new URL(config.insightsLlmUrl).origin}, the default extractor answering when it fails`);
  return new LlmIssueExtractor({ url: config.insightsLlmUrl, model: config.insightsLlmModel, apiKey: config.insightsLlmApiKey }, extraction, undefined, logger);
}

/** ISSUE_EXTRACTOR's provider, for the insights module (IssueExtraction must be provided beside it). */
export const issueExtractorProvider: Provider = {
  provide: ISSUE_EXTRACTOR,
  inject: [CONFIG, IssueExtraction],
  useFactory: (config: FolioConfig, extraction: IssueExtraction) => issueExtractorFrom(config, extraction),
};
