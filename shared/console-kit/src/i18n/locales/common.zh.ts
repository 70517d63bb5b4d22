// Shared strings of every console app, Chinese. The spec's exact messages are these texts.
export const commonZh = {
  error: {
    tooManyRequests: '错误：请求次数过多，请稍后再试！',
    serverError: '错误：服务器内部错误，请联系管理员！',
    demoSite: '本站仅作演示之用，无服务端！',
    withMessage: '错误：{{message}}',
    unknown: '未知错误',
    network: '网络连接失败',
  },
  remote: {
    unavailable: '{{module}} 暂时不可用',
    unavailableHint: '该模块未能加载，页面的其他部分不受影响。请稍后重试。',
  },
  action: {
    retry: '重试',
    confirm: '确定',
    cancel: '取消',
    close: '关闭',
  },
  loading: '加载中…',
} as const;
