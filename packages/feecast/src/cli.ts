console.log('feecast');
