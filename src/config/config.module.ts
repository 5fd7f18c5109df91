import { DynamicModule, Global, Module } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { AppConfig } from './app-config';
import { validateEnvironment } from './environment';

/**
 * Loads `.env` (if present) and process.env, applies `overrides` (tests and the CLI use them),
 * validates everything at boot and exposes the typed AppConfig.
 */
@Global()
@Module({})
export class AppConfigModule {
  static forRoot(overrides: Record<string, string> = {}): DynamicModule {
    let validated: AppConfig | undefined;
    return {
      module: AppConfigModule,
      imports: [
        ConfigModule.forRoot({
          ignoreEnvFile: process.env.NODE_ENV === 'test',
          validate: (raw) => {
            validated = new AppConfig(validateEnvironment({ ...raw, ...overrides }));
            return raw;
          },
        }),
      ],
      providers: [{ provide: AppConfig, useFactory: () => validated! }],
      exports: [AppConfig],
    };
  }
}
