// Columns of the pricing table: availability, model, provider, billing type, ratios, prices.

import { Space, Tag, Tooltip, Typography } from '@arco-design/web-react';
import { IconCheckCircle, IconCloseCircle } from '@arco-design/web-react/icon';
import type { ListColumn } from '@switchyard/console-kit/list';
import { modelPrices, type PricingItem } from '@switchyard/contracts';
import type { TFunction } from 'i18next';

/** Prices keep up to 4 decimals without trailing zeros. */
const money = (value: number): string => `$${Number(value.toFixed(4))}`;

export function getPricingColumns(t: TFunction, groupRatio: number): ListColumn<PricingItem>[] {
  return [
    {
      title: t('pricing.available'),
      dataIndex: 'available',
      render: (_, item) =>
        !item.price_set ? (
          <Tag color="orangered" data-testid={`no-price-${item.model_name}`}>
            {t('pricing.noPrice')}
          </Tag>
        ) : item.available ? (
          <IconCheckCircle style={{ color: 'rgb(var(--green-6))' }} />
        ) : (
          <Tooltip content={t('pricing.unavailable')}>
            <span data-testid={`unavailable-${item.model_name}`}>
              <IconCloseCircle style={{ color: 'rgb(var(--red-6))' }} />
            </span>
          </Tooltip>
        ),
    },
    { title: t('pricing.model'), dataIndex: 'model_name', card: 'title' },
    { title: t('pricing.owner'), dataIndex: 'owner_by' },
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
      title: t('pricing.ratio'),
      dataIndex: 'model_ratio',
      render: (_, item) => (
        <Space direction="vertical" size={0}>
          {!item.price_set ? (
            <Typography.Text type="secondary">{t('pricing.noPrice')}</Typography.Text>
          ) : null}
          {/* One Space item per line: a fragment would put both ratios on one line. */}
          {item.quota_type === 0 && item.price_set ? (
            <Typography.Text>
              {t('pricing.modelRatio', { value: item.model_ratio })}
            </Typography.Text>
          ) : null}
          {item.quota_type === 0 && item.price_set ? (
            <Typography.Text>
              {t('pricing.completionRatio', { value: item.completion_ratio })}
            </Typography.Text>
          ) : null}
          <Typography.Text>{t('pricing.groupRatio', { value: groupRatio })}</Typography.Text>
        </Space>
      ),
    },
    {
      title: t('pricing.price'),
      dataIndex: 'model_price',
      render: (_, item) => {
        // The fallback ratio the server reports for an unpriced model is no price to show.
        if (!item.price_set) return <Typography.Text type="secondary">—</Typography.Text>;
        const prices = modelPrices(item, groupRatio);
        if ('perCall' in prices) return t('pricing.perCall', { price: money(prices.perCall) });
        return (
          <Space direction="vertical" size={0} data-testid={`price-${item.model_name}`}>
            <span>{t('pricing.promptPrice', { price: money(prices.prompt) })}</span>
            <span>{t('pricing.completionPrice', { price: money(prices.completion) })}</span>
          </Space>
        );
      },
    },
    {
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
}
