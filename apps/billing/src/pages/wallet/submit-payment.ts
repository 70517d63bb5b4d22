// Leaving the console for a payment page: the signed form posted to the epay gateway, or the
// Stripe Checkout Session's page.
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

/** Opens a Stripe Checkout Session's page. */
export function goToCheckout(url: string): void {
  window.location.assign(url);
}
