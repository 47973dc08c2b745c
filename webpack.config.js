const path = require('node:path');
const webpack = require('webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const CopyWebpackPlugin = require('copy-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const TerserPlugin = require('terser-webpack-plugin');

/**
 * Writes route-chunks.json: for each route path, the files of its page's chunk group (named after the route id in
 * router.tsx), less those the entry already loads. The server preloads them in the HTML it sends.
 */
class RouteChunksPlugin {
  apply(compiler) {
    // The route registry is TypeScript; tsx reads it, so the list of paths has one home.
    const { routes } = require('tsx/cjs/api').require('./src/shared/config/routes.ts', __filename);
    compiler.hooks.thisCompilation.tap('RouteChunksPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RouteChunksPlugin', stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const list = Object.entries(routes).flatMap(([id, route]) => {
            const group = compilation.namedChunkGroups.get(id);
            return group ? [{ path: route.path, files: group.getFiles() }] : [];
          });
          compilation.emitAsset('route-chunks.json', new webpack.sources.RawSource(JSON.stringify(list)));
        },
      );
    });
  }
}

// The dev server proxies the API to the reference server (npm run serve, port 8080 by default).
const apiTarget = process.env.API_PROXY_TARGET || 'http://localhost:8080';

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    entry: './src/index.tsx',
    // Evergreen browsers only: webpack's own runtime can then use modern syntax.
    target: ['web', 'es2020'],
    output: {
      path: path.resolve(__dirname, 'dist'),
      filename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      chunkFilename: production ? 'assets/[name].[contenthash:10].js' : 'assets/[name].js',
      assetModuleFilename: 'assets/[name].[contenthash:10][ext]',
      publicPath: '/',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: { '@': path.resolve(__dirname, 'src') },
    },
    // No source maps in production: they would publish the original source next to the bundles.
    devtool: production ? false : 'eval-cheap-module-source-map',
    module: {
      rules: [
        { test: /\.[jt]sx?$/, exclude: /node_modules/, use: 'babel-loader' },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        { test: /\.(svg|png|woff2?)$/, type: 'asset/resource' },
      ],
    },
    plugins: [
      new HtmlWebpackPlugin({ template: 'public/index.html', favicon: 'public/favicon.svg' }),
      new CopyWebpackPlugin({
        patterns: [{ from: 'public', globOptions: { ignore: ['**/index.html', '**/favicon.svg'] } }],
      }),
      new RouteChunksPlugin(),
      new MiniCssExtractPlugin({
        filename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
        chunkFilename: production ? 'assets/[name].[contenthash:10].css' : 'assets/[name].css',
      }),
      // moment ships every locale; the portal speaks only Spanish.
      new webpack.ContextReplacementPlugin(/moment[/\\]locale$/, /^\.\/es$/),
      new webpack.DefinePlugin({
        // Shown in the header: one version, package.json's, instead of a copy in the code.
        'process.env.OV_APP_VERSION': JSON.stringify(require('./package.json').version),
        // Client credential of POST /token?grant_type=client_credentials, set at build time (spec 01 §7).
        'process.env.OV_CLIENT_CREDENTIAL': JSON.stringify(
          process.env.OV_CLIENT_CREDENTIAL || 'oficina-virtual-spa:demo-client-secret',
        ),
      }),
    ],
    optimization: {
      minimizer: [
        new TerserPlugin({
          extractComments: false,
          terserOptions: { ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } },
        }),
        new CssMinimizerPlugin(),
      ],
      splitChunks: { chunks: 'all' },
    },
    performance: { hints: false },
    devServer: {
      port: Number(process.env.DEV_PORT || 3000),
      historyApiFallback: true,
      proxy: [{ context: ['/api'], target: apiTarget }],
    },
  };
};
