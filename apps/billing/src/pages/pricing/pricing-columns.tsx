// Columns of the pricing list. A customer reads each model by its name: the vendor, and the input
// and output price per 1M tokens (or the price per call) in their own group; the ratios behind
// those prices are an admin's business and shown to admins only.
import { Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconCheckCircle, IconCloseCircle } from '@arco-design/web-react/icon';
import { i18next as i18n } from '@switchyard/console-kit';
import type { ListColumn } from '@switchyard/console-kit/list';
import { modelPrices, type PricingItem } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

/** 128000 → "128K" (en), "12.8万" (zh). */
const compact = (tokens: number, language: string): string =>
  new Intl.NumberFormat(language, { notation: 'compact', maximumFractionDigits: 1 }).format(tokens);

/** Prices keep up to 4 decimals without trailing zeros. */
const money = (value: number): string => `$${Number(value.toFixed(4))}`;

const none = <Typography.Text type="secondary">—</Typography.Text>;

function ratios(t: TFunction, item: PricingItem, groupRatio: number) {
  return (
    <Space direction="vertical" size={0}>
      {/* One Space item per line: a fragment would put both ratios on one line. */}
      {item.quota_type === 0 && item.price_set ? (
        <Typography.Text>{t('pricing.modelRatio', { value: item.model_ratio })}</Typography.Text>
      ) : null}
      {item.quota_type === 0 && item.price_set ? (
        <Typography.Text>
          {t('pricing.completionRatio', { value: item.completion_ratio })}
        </Typography.Text>
      ) : null}
      <Typography.Text>{t('pricing.groupRatio', { value: groupRatio })}</Typography.Text>
    </Space>
  );
}

function availability(t: TFunction, item: PricingItem) {
  if (!item.price_set) {
    return (
      <Tag color="orangered" data-testid={`no-price-${item.model_name}`}>
        {t('pricing.noPrice')}
      </Tag>
    );
  }
  if (item.available) {
    return (
      <Space size={4}>
        <IconCheckCircle style={{ color: 'rgb(var(--green-6))' }} aria-hidden />
        <span>{t('pricing.yes')}</span>
      </Space>
    );
  }
  return (
    <Tooltip content={t('pricing.unavailable')}>
      <Space size={4} data-testid={`unavailable-${item.model_name}`}>
        <IconCloseCircle style={{ color: 'rgb(var(--red-6))' }} aria-hidden />
        <span>{t('pricing.unavailableShort')}</span>
      </Space>
    </Tooltip>
  );
}

export function getPricingColumns(
  t: TFunction,
  groupRatio: number,
  admin: boolean,
): ListColumn<PricingItem>[] {
  const price = (item: PricingItem, side: 'input' | 'output') => {
    // The fallback ratio the server reports for an unpriced model is no price to show.
    if (!item.price_set) return none;
    const prices = modelPrices(item, groupRatio);
    if ('perCall' in prices) {
      return side === 'input' ? t('pricing.perCall', { price: money(prices.perCall) }) : none;
    }
    const value = side === 'input' ? prices.prompt : prices.completion;
    return (
      <span data-testid={`price-${side}-${item.model_name}`}>
        {t('pricing.perMillion', { price: money(value) })}
      </span>
    );
  };
  const columns: (ListColumn<PricingItem> | false)[] = [
    {
      title: t('pricing.model'),
      dataIndex: 'model_name',
      card: 'title',
      render: (name: string) => <span data-testid={`pricing-model-${name}`}>{name}</span>,
    },
    { title: t('pricing.owner'), dataIndex: 'owner_by', render: (owner: string) => owner || '—' },
    {
      title: t('pricing.input'),
      key: 'input',
      render: (_, item) => price(item, 'input'),
    },
    {
      title: t('pricing.output'),
      key: 'output',
      render: (_, item) => price(item, 'output'),
    },
    {
      title: t('pricing.context'),
      dataIndex: 'context_length',
      render: (tokens: number | undefined) =>
        tokens === undefined
          ? none
          : t('pricing.contextTokens', { value: compact(tokens, i18n.language) }),
    },
    {
      title: t('pricing.type'),
      dataIndex: 'quota_type',
      render: (_, item) =>
        item.quota_type === 0 ? (
          <Tag color="green">{t('pricing.byUsage')}</Tag>
        ) : (
          <Tag color="blue">{t('pricing.byCall')}</Tag>
        ),
    },
    {
      title: t('pricing.available'),
      dataIndex: 'available',
      render: (_, item) => availability(t, item),
    },
    admin && {
      title: t('pricing.ratio'),
      dataIndex: 'model_ratio',
      render: (_, item) => ratios(t, item, groupRatio),
    },
    admin && {
      title: t('pricing.groups'),
      dataIndex: 'enable_groups',
      render: (_, item) => (
        <Space size={4} wrap>
          {item.enable_groups.map((group) => (
            <Tag key={group}>{group}</Tag>
          ))}
        </Space>
      ),
    },
  ];
  return columns.filter((column): column is ListColumn<PricingItem> => Boolean(column));
}
