// Server messages of identity (issue 33): second factor, sessions, audit. Kept in a file of their
// own and spread into zh.ts and en.ts, one English text for every Chinese one.

export const identityZh = {
  'twoFactor.required': '请输入两步验证码',
  'twoFactor.wrongCode': '验证码错误或已使用',
  'twoFactor.tooManyAttempts': '验证码错误次数过多，请重新登录',
  'twoFactor.pendingExpired': '登录已过期，请重新输入用户名和密码',
  'twoFactor.alreadyEnabled': '两步验证已启用',
  'twoFactor.notSetUp': '请先获取两步验证密钥',
  'twoFactor.enabled': '两步验证已启用，请妥善保存恢复码',
  'twoFactor.disabled': '两步验证已关闭',
  'twoFactor.notEnabled': '该用户未启用两步验证',
  'twoFactor.resetDone': '已重置该用户的两步验证',
  'twoFactor.requiredForAdmins': '管理员须先在个人设置中启用两步验证',
  'twoFactor.sessionRequired': '此操作需要登录会话，不能使用访问令牌',
  'session.notFound': '会话不存在',
  'session.revoked': '已退出该会话',
  'session.revokedAll': '已退出其他所有会话',
  'audit.exported': '已导出',
  'oauth.oidcDisabled': '管理员未开启通过 OpenID Connect 登录以及注册',
  'oauth.oidcFailed': 'OpenID Connect 授权失败，请重试',
  'oauth.oidcTaken': '该 OpenID Connect 账户已被绑定',
  'oauth.oidcOnlySignIn': '该账户没有密码，请先设置密码再解除绑定',
  'oauth.unbound': '已解除绑定',
  'log.adminTwoFactorReset': '管理员 {admin} 重置了用户 {username} 的两步验证',
} as const;

export const identityEn: Record<keyof typeof identityZh, string> = {
  'twoFactor.required': 'Enter your two-factor code',
  'twoFactor.wrongCode': 'The code is wrong or has been used',
  'twoFactor.tooManyAttempts': 'Too many wrong codes; sign in again',
  'twoFactor.pendingExpired': 'The sign-in has expired; enter your username and password again',
  'twoFactor.alreadyEnabled': 'Two-factor authentication is already on',
  'twoFactor.notSetUp': 'Get a two-factor secret first',
  'twoFactor.enabled': 'Two-factor authentication is on; keep the recovery codes safe',
  'twoFactor.disabled': 'Two-factor authentication is off',
  'twoFactor.notEnabled': 'This user has no two-factor authentication',
  'twoFactor.resetDone': "The user's two-factor authentication was reset",
  'twoFactor.requiredForAdmins':
    'Administrators must turn on two-factor authentication in personal settings first',
  'twoFactor.sessionRequired':
    'This action needs a signed-in session; an access token cannot do it',
  'session.notFound': 'No such session',
  'session.revoked': 'Session signed out',
  'session.revokedAll': 'Signed out of every other session',
  'audit.exported': 'Exported',
  'oauth.oidcDisabled': 'The administrator has not enabled sign-in and sign-up with OpenID Connect',
  'oauth.oidcFailed': 'OpenID Connect authorization failed, please try again',
  'oauth.oidcTaken': 'This OpenID Connect account is already bound to another user',
  'oauth.oidcOnlySignIn': 'This account has no password; set one before removing the binding',
  'oauth.unbound': 'Binding removed',
  'log.adminTwoFactorReset':
    'Administrator {admin} reset the two-factor authentication of user {username}',
};
