// Server messages of passkeys (issue 33), spread into zh.ts and en.ts.

export const passkeyZh = {
  'passkey.added': '通行密钥已添加',
  'passkey.deleted': '通行密钥已删除',
  'passkey.notFound': '通行密钥不存在',
  'passkey.duplicate': '该通行密钥已添加过',
  'passkey.tooMany': '通行密钥数量已达上限，请先删除不用的',
  'passkey.registerFailed': '通行密钥验证失败，请重试',
  'passkey.loginFailed': '通行密钥登录失败，请重试或使用其他方式登录',
  'passkey.noneToReset': '该用户没有通行密钥',
  'passkey.resetDone': '已删除该用户的全部通行密钥',
} as const;

export const passkeyEn: Record<keyof typeof passkeyZh, string> = {
  'passkey.added': 'Passkey added',
  'passkey.deleted': 'Passkey deleted',
  'passkey.notFound': 'No such passkey',
  'passkey.duplicate': 'This passkey has been added already',
  'passkey.tooMany': 'You have the most passkeys allowed; delete one you no longer use first',
  'passkey.registerFailed': 'The passkey could not be verified; please try again',
  'passkey.loginFailed': 'Signing in with the passkey failed; try again or use another way',
  'passkey.noneToReset': 'This user has no passkeys',
  'passkey.resetDone': "All of the user's passkeys were removed",
};
