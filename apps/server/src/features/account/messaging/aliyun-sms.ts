import { createRequire } from 'node:module';
import type * as DysmsapiModule from '@alicloud/dysmsapi20170525';
import type Dysmsapi from '@alicloud/dysmsapi20170525';
import type * as OpenApiCore from '@alicloud/openapi-core';
import type * as Darabonba from '@darabonba/typescript';
import type { Sms, SmsProvider } from './sms';

export type AliyunSmsOptions = {
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature name (签名) every text starts with. */
  signName: string;
  /** Approved template codes: verification codes (variable `code`) and order notices (`title`, `order`). */
  templates: { code: string; notice: string };
  /** The API's origin, `https://dysmsapi.aliyuncs.com` (a local fake's in tests). */
  endpoint: string;
  timeoutMs: number;
};

/** Aliyun refused the text: its code (`isv.BUSINESS_LIMIT_CONTROL`, `isv.MOBILE_NUMBER_ILLEGAL`, …) says why. */
export class SmsRejected extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(`Aliyun SMS refused the text: ${code} ${message}`);
    this.name = 'SmsRejected';
  }
}

/**
 * The number as SendSms takes it: a mainland number as its 11 digits, any other with its country code
 * and no plus sign (`85291234567`).
 */
export function aliyunPhoneNumber(e164: string): string {
  const digits = e164.replace(/^\+/, '');
  return digits.startsWith('86') && digits.length === 13 ? digits.slice(2) : digits;
}

type Sdk = {
  Client: typeof Dysmsapi;
  SendSmsRequest: typeof DysmsapiModule.SendSmsRequest;
  Config: typeof OpenApiCore.$OpenApiUtil.Config;
  RuntimeOptions: typeof Darabonba.RuntimeOptions;
};
let sdk: Sdk | undefined;

/**
 * The SDK, loaded with the first provider: its CommonJS modules take a good part of a second of CPU to
 * load, which a server without Aliyun's keys never spends.
 */
function aliyunSdk(): Sdk {
  if (!sdk) {
    const require = createRequire(import.meta.url);
    // The package's `default` is the client class.
    const dysmsapi = require('@alicloud/dysmsapi20170525') as typeof DysmsapiModule & { default: typeof Dysmsapi };
    sdk = {
      Client: dysmsapi.default,
      SendSmsRequest: dysmsapi.SendSmsRequest,
      Config: (require('@alicloud/openapi-core') as typeof OpenApiCore).$OpenApiUtil.Config,
      RuntimeOptions: (require('@darabonba/typescript') as typeof Darabonba).RuntimeOptions,
    };
  }
  return sdk;
}

/**
 * Texts through Aliyun SMS (`@alicloud/dysmsapi20170525`, SendSms of API 2017-05-25): the template of the
 * message with its variables as JSON, signed by the SDK (ACS3-HMAC-SHA256). A refusal throws, so the
 * caller's job tries again or the traveller is told the code could not be sent.
 */
export class AliyunSmsProvider implements SmsProvider {
  private readonly client: Dysmsapi;

  constructor(private readonly options: AliyunSmsOptions) {
    const url = new URL(options.endpoint);
    const { Client, Config } = aliyunSdk();
    this.client = new Client(
      new Config({
        accessKeyId: options.accessKeyId,
        accessKeySecret: options.accessKeySecret,
        endpoint: url.host,
        protocol: url.protocol.replace(':', ''),
        regionId: 'cn-hangzhou',
        readTimeout: options.timeoutMs,
        connectTimeout: options.timeoutMs,
      }),
    );
  }

  async send(sms: Sms): Promise<void> {
    const { SendSmsRequest, RuntimeOptions } = aliyunSdk();
    const request = new SendSmsRequest({
      phoneNumbers: aliyunPhoneNumber(sms.to),
      signName: this.options.signName,
      templateCode: this.options.templates[sms.template.name],
      templateParam: JSON.stringify(sms.template.params),
    });
    // Sending is not idempotent: a text is never sent twice by the SDK's own retries.
    const runtime = new RuntimeOptions({
      autoretry: false,
      readTimeout: this.options.timeoutMs,
      connectTimeout: this.options.timeoutMs,
    });
    let code: string;
    let message: string;
    try {
      const answer = await this.client.sendSmsWithOptions(request, runtime);
      code = answer.body?.code ?? 'NoCode';
      message = answer.body?.message ?? '';
    } catch (e) {
      const err = e as { code?: string; message?: string };
      throw new SmsRejected(err.code ?? 'Unreachable', err.message ?? String(e));
    }
    if (code !== 'OK') throw new SmsRejected(code, message);
  }
}

export type SmsGatewayConfig = {
  ALIYUN_SMS_ACCESS_KEY_ID?: string;
  ALIYUN_SMS_ACCESS_KEY_SECRET?: string;
  ALIYUN_SMS_SIGN_NAME?: string;
  ALIYUN_SMS_TEMPLATE_CODE?: string;
  ALIYUN_SMS_TEMPLATE_NOTICE?: string;
  ALIYUN_SMS_ENDPOINT: string;
  ALIYUN_SMS_TIMEOUT_MS: number;
};

/** The SMS gateway the configuration asks for: Aliyun SMS when its keys are set, else none (the stand-in logs). */
export function smsGateway(config: SmsGatewayConfig): AliyunSmsProvider | undefined {
  const c = config;
  if (!c.ALIYUN_SMS_ACCESS_KEY_ID || !c.ALIYUN_SMS_ACCESS_KEY_SECRET || !c.ALIYUN_SMS_SIGN_NAME) return undefined;
  if (!c.ALIYUN_SMS_TEMPLATE_CODE || !c.ALIYUN_SMS_TEMPLATE_NOTICE) return undefined;
  return new AliyunSmsProvider({
    accessKeyId: c.ALIYUN_SMS_ACCESS_KEY_ID,
    accessKeySecret: c.ALIYUN_SMS_ACCESS_KEY_SECRET,
    signName: c.ALIYUN_SMS_SIGN_NAME,
    templates: { code: c.ALIYUN_SMS_TEMPLATE_CODE, notice: c.ALIYUN_SMS_TEMPLATE_NOTICE },
    endpoint: c.ALIYUN_SMS_ENDPOINT,
    timeoutMs: c.ALIYUN_SMS_TIMEOUT_MS,
  });
}
