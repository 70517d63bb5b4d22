// Messages of the new-api importer (`npm run import:new-api`), in Chinese and English. Kept apart
// from the request messages: they are read in a terminal, in the language of its locale.
import type { Language } from '@switchyard/contracts';
import type { MessageParams } from './index';

const en = {
  'cli.usage': `Usage: npm run import:new-api -- --from <source> [options]

  --from <source>    the new-api / one-api database: a SQLite file, postgres://… or mysql://…
  --dry-run          print what would move; write nothing
  --merge            import into a target that already has users
  --with-logs        also move usage logs, drawing and async tasks (streamed in batches)
  --batch-size <n>   rows per batch of the streamed tables (default 2000)
  --lang zh|en       language of the report (default: from LANG)

The target is the database Switchyard is configured with (SQL_DSN or SQLITE_PATH).`,
  'cli.badBatchSize': '--batch-size must be a whole number from 1 to 50000',
  'cli.noSqliteFile': 'No SQLite database at {path}',
  'refused.notSetUp':
    'The target database is not set up: start Switchyard once (or run without --dry-run).',
  'refused.inUse':
    'The target already has {users} users. Importing would mix two user bases; run again with --merge to import alongside them (clashing usernames and keys are skipped).',
  'report.titleImport': 'Import: {source} → {target}',
  'report.titleDryRun': 'Dry run (nothing written): {source} → {target}',
  'report.table': 'table',
  'report.read': 'read',
  'report.imported': 'imported',
  'report.wouldMove': 'would move',
  'report.earlier': 'earlier',
  'report.skipped': 'skipped',
  'report.skippedTitle': 'Skipped:',
  'report.adjustedTitle': 'Moved with a change:',
  'report.droppedTitle':
    'Source columns Switchyard has no place for (rows with a value, not carried over):',
  'report.sample': 'source ids',
  'report.note': 'Note: {text}',
  'report.progress': '{table}: {done} / {total} ({percent}%), {rate} rows/s',
  'note.noTable': 'the source has no {table} table',
  'note.noLogs': 'usage logs, drawing and async tasks were not moved (add --with-logs)',
  'note.again': 'this source was imported before: only new rows moved',
  'skip.noUsername': 'no username',
  'skip.usernameTooLong': 'username longer than 64 characters',
  'skip.usernameTaken': 'username already taken in the target',
  'skip.ownerMissing': 'its owner was not imported',
  'skip.userMissing': 'its user was not imported',
  'skip.noKey': 'no key',
  'skip.keyTooLong': 'key longer than 64 characters',
  'skip.keyTaken': 'key already exists in the target',
  'skip.limitsTooLong': 'model limits longer than 1024 characters',
  'skip.baseUrlTooLong': 'base URL longer than 512 characters',
  'skip.groupsTooLong': 'group list longer than 255 characters',
  'skip.noTradeNo': 'no trade number',
  'skip.unknownOption': 'Switchyard has no such setting',
  'skip.deploymentOption': 'describes the old deployment; set it for the new one',
  'skip.invalidOption': 'value does not pass Switchyard’s check of this setting',
  'adjust.unknownChannelType': 'type {type} has no Switchyard adapter: imported disabled',
  'adjust.redeemerMissing': 'its redeemer was not imported: redeemer cleared',
  'adjust.rootReplaced': "root account moved onto the target's first root (id {id})",
  'adjust.bindingTaken': '{column} already held by another user: cleared',
  'adjust.inviterMissing': 'inviter not imported: invitee keeps no inviter',
  'adjust.nameClipped': '{column} longer than {max} characters: cut to {max}',
  'adjust.negativeRemain': 'limited token overdrawn to {remain}: remaining quota set to 0',
  'adjust.usernameLong':
    'username longer than {max} characters: kept (signs in as before); editing the user in the console needs a shorter one',
} as const;

export type ImportMessageKey = keyof typeof en;

const zh: Record<ImportMessageKey, string> = {
  'cli.usage': `用法：npm run import:new-api -- --from <来源> [选项]

  --from <来源>      new-api / one-api 数据库：SQLite 文件、postgres://… 或 mysql://…
  --dry-run          只列出将迁移的内容，不写入任何数据
  --merge            目标库已有用户时仍然导入（与其并存）
  --with-logs        同时迁移使用日志、绘图任务和异步任务（分批流式迁移）
  --batch-size <n>   流式迁移每批的行数（默认 2000）
  --lang zh|en       报告语言（默认按 LANG）

目标库即 Switchyard 配置的数据库（SQL_DSN 或 SQLITE_PATH）。`,
  'cli.badBatchSize': '--batch-size 须为 1 到 50000 的整数',
  'cli.noSqliteFile': '{path} 处没有 SQLite 数据库',
  'refused.notSetUp': '目标数据库尚未初始化：请先启动一次 Switchyard（或不带 --dry-run 运行）。',
  'refused.inUse':
    '目标库已有 {users} 个用户。导入会混合两套用户；如需与其并存，请加 --merge 重新运行（用户名或密钥冲突的行会被跳过）。',
  'report.titleImport': '导入：{source} → {target}',
  'report.titleDryRun': '试运行（未写入任何数据）：{source} → {target}',
  'report.table': '表',
  'report.read': '读取',
  'report.imported': '已导入',
  'report.wouldMove': '将迁移',
  'report.earlier': '此前已导入',
  'report.skipped': '跳过',
  'report.skippedTitle': '跳过的行：',
  'report.adjustedTitle': '迁移时做了调整的行：',
  'report.droppedTitle': 'Switchyard 没有对应位置的来源列（有值的行数，未迁移）：',
  'report.sample': '来源 id',
  'report.note': '说明：{text}',
  'report.progress': '{table}：{done} / {total}（{percent}%），每秒 {rate} 行',
  'note.noTable': '来源库没有 {table} 表',
  'note.noLogs': '未迁移使用日志、绘图任务和异步任务（加 --with-logs）',
  'note.again': '此来源之前已导入过：只迁移了新增的行',
  'skip.noUsername': '没有用户名',
  'skip.usernameTooLong': '用户名超过 64 个字符',
  'skip.usernameTaken': '目标库中用户名已被占用',
  'skip.ownerMissing': '其所属用户未导入',
  'skip.userMissing': '其用户未导入',
  'skip.noKey': '没有密钥',
  'skip.keyTooLong': '密钥超过 64 个字符',
  'skip.keyTaken': '目标库中已有相同密钥',
  'skip.limitsTooLong': '模型限制超过 1024 个字符',
  'skip.baseUrlTooLong': 'Base URL 超过 512 个字符',
  'skip.groupsTooLong': '分组列表超过 255 个字符',
  'skip.noTradeNo': '没有订单号',
  'skip.unknownOption': 'Switchyard 没有此设置项',
  'skip.deploymentOption': '描述的是旧部署，请为新站点另行设置',
  'skip.invalidOption': '值未通过 Switchyard 对此设置的校验',
  'adjust.unknownChannelType': '类型 {type} 在 Switchyard 中没有适配器：已导入但为禁用状态',
  'adjust.redeemerMissing': '兑换者未导入：已清除兑换者',
  'adjust.rootReplaced': '根账户已迁移到目标库的初始根账户上（id {id}）',
  'adjust.bindingTaken': '{column} 已被其他用户占用：已清除',
  'adjust.inviterMissing': '邀请人未导入：被邀请者不再关联邀请人',
  'adjust.nameClipped': '{column} 超过 {max} 个字符：已截断为 {max} 个字符',
  'adjust.negativeRemain': '限额令牌已透支至 {remain}：剩余额度设为 0',
  'adjust.usernameLong':
    '用户名超过 {max} 个字符：已保留（可照常登录）；在控制台编辑该用户时需改用更短的用户名',
};

const catalogues: Record<Language, Record<ImportMessageKey, string>> = { en, zh };

export function translateImport(
  language: Language,
  key: ImportMessageKey,
  params: MessageParams = {},
): string {
  return catalogues[language][key].replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The terminal's language: zh when LC_ALL / LC_MESSAGES / LANG names Chinese, else en. */
export function terminalLanguage(env: NodeJS.ProcessEnv = process.env): Language {
  const locale = env.LC_ALL || env.LC_MESSAGES || env.LANG || '';
  return locale.toLowerCase().startsWith('zh') ? 'zh' : 'en';
}
