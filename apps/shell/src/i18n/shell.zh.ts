// Chinese strings of the shell (namespace `shell`).
export const shellZh = {
  nav: {
    home: '首页',
    channel: '渠道',
    chat: '聊天',
    token: '令牌',
    redemption: '兑换码',
    topup: '钱包',
    pricing: '模型价格',
    user: '用户管理',
    log: '日志',
    detail: '数据看板',
    audit: '审计日志',
    midjourney: '绘图',
    task: '异步任务',
    status: '服务状态',
    setting: '设置',
    open: '打开导航菜单',
    menu: '导航菜单',
  },
  topBar: {
    about: '关于',
    login: '登录',
    register: '注册',
    logout: '退出',
    logoutSuccess: '注销成功！',
    toDark: '切换到深色模式',
    toLight: '切换到浅色模式',
    language: '语言',
    lantern: '新春快乐',
  },
  footer: {
    default: '{{name}} {{version}}',
  },
  boot: {
    cannotConnect: '无法正常连接至服务器！',
  },
  notice: {
    title: '系统公告',
    close: '关闭公告',
  },
  home: {
    welcomeTitle: '欢迎使用 {{name}}',
    welcomeText:
      '一个自托管的 AI 模型网关：用一个 OpenAI 兼容的接口接入多家模型服务商，按额度计费。',
    pricing: '查看模型价格',
    login: '登录',
    tokens: '管理我的令牌',
    loadFailed: '首页内容加载失败',
  },
  about: {
    title: '关于',
    notSet: '管理员尚未设置关于页面的内容。',
    loadFailed: '关于页面内容加载失败',
  },
  chat: {
    notSet: '管理员尚未设置聊天链接。',
    frameTitle: '聊天',
  },
  notFound: {
    title: '页面不存在',
    hint: '请检查你的浏览器地址是否正确',
    home: '返回首页',
  },
  settings: {
    tabsLabel: '设置分类',
    title: '设置',
    personal: '个人设置',
    operation: '运营设置',
    system: '系统设置',
    other: '其他设置',
  },
} as const;
