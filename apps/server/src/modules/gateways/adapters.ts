import { sandboxModeOn } from '../../config/gateways.ts';
import type { AppDeps } from '../../context.ts';
import { parishGatewaySettings, parishInProgress } from '../settings/parish-credentials.ts';
import { fetchTransport, type GatewayTransport } from './gateway-client.ts';
import { razorpayGateway, type RazorpayGateway } from './razorpay/razorpay.gateway.ts';
import { sandboxTransport } from './sandbox/sandbox-transport.ts';
import { worldlineGateway, type WorldlineGateway } from './worldline/worldline.gateway.ts';

/** The gateway adapters of an app. */
export interface PaymentGateways {
  worldline: WorldlineGateway;
  razorpay: RazorpayGateway;
}

/**
 * The transport of the gateway calls: in sandbox mode ({@link sandboxModeOn}) the sandbox
 * transport (the server's own `/…` API URLs answered in-process, others fetched), else fetch.
 */
export function gatewayTransport(deps: Pick<AppDeps, 'config' | 'clock'>): GatewayTransport {
  return sandboxModeOn(deps.config) ? sandboxTransport(deps, fetchTransport) : fetchTransport;
}

/**
 * The Worldline and Razorpay adapters over the app's configuration (read at each call).
 * @param transport how they reach the gateways; by default {@link gatewayTransport}
 */
export function paymentGateways(
  deps: Pick<AppDeps, 'config' | 'clock' | 'log'>,
  transport: GatewayTransport = gatewayTransport(deps),
): PaymentGateways {
  const adapterDeps = { config: deps.config, clock: deps.clock, log: deps.log, transport };
  return { worldline: worldlineGateway(adapterDeps), razorpay: razorpayGateway(adapterDeps) };
}

/**
 * The adapters over the settings of the parish of the work in progress (`parishInProgress()`;
 * issue 28 item 4, decision 0130): its own credentials when it has them, else for the home parish
 * the environment's, else none (sandbox or off).
 * @param parishId another parish than the one in progress (a webhook's, found by its identifiers)
 */
export async function parishPaymentGateways(
  deps: Pick<AppDeps, 'config' | 'clock' | 'log' | 'db'>,
  parishId: number = parishInProgress(),
): Promise<PaymentGateways> {
  const settings = await parishGatewaySettings(deps, parishId);
  if (settings.razorpay === deps.config.razorpay && settings.worldline === deps.config.worldline) {
    return paymentGateways(deps);
  }
  const config = { ...deps.config, ...settings };
  // The sandbox's memory is the app's (keyed by the app's configuration object), whatever the parish.
  const transport = sandboxModeOn(config) ? sandboxTransport(deps, fetchTransport) : fetchTransport;
  return paymentGateways({ ...deps, config }, transport);
}
