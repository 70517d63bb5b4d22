// Posts the signed payment form to the gateway, leaving the console for the payment page.
import type { PaymentForm } from '@switchyard/contracts';

export function submitPaymentForm({ url, fields }: PaymentForm): void {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = url;
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}
