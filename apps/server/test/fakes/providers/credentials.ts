// The credentials the protocol fakes accept (each provider's key format); anything else is
// refused the provider's way. More valid keys per token provider give tests a cold cache (the
// adapters' tokens outlive a test file when files share a worker).
export const CREDENTIALS = {
  baidu: {
    'baidu-ak': 'baidu-sk',
    'baidu-ak-2': 'baidu-sk-2',
    'baidu-ak-3': 'baidu-sk-3',
  } as Record<string, string>,
  zhipu: { 'zhipu-id': 'zhipu-secret', 'zhipu-id-2': 'zhipu-secret-2' } as Record<string, string>,
  dashscope: 'sk-dashscope',
  spark: { appId: 'spark-app', apiSecret: 'spark-secret', apiKey: 'spark-key' },
  hunyuan: { secretId: 'AKIDhunyuan', secretKey: 'hunyuan-secret' },
  bedrock: { accessKeyId: 'AKIAFAKEBEDROCK', secretAccessKey: 'bedrock-secret' },
  cohere: 'cohere-key',
  palm: 'palm-key',
  fastgpt: 'fastgpt-key-app1',
  aiproxy: 'aiproxy-key',
  compatible: 'sk-compatible',
};

/** Channel keys in each type's format (spec §5). */
export const CHANNEL_KEYS = {
  baidu: 'baidu-ak|baidu-sk',
  zhipu: 'zhipu-id.zhipu-secret',
  dashscope: CREDENTIALS.dashscope,
  spark: 'spark-app|spark-secret|spark-key',
  hunyuan: '1250000000|AKIDhunyuan|hunyuan-secret',
  bedrock: 'AKIAFAKEBEDROCK|bedrock-secret|us-east-1',
  cohere: CREDENTIALS.cohere,
  palm: CREDENTIALS.palm,
  fastgpt: CREDENTIALS.fastgpt,
  aiproxy: CREDENTIALS.aiproxy,
  compatible: CREDENTIALS.compatible,
};
